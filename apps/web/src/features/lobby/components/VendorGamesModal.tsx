import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/index.ts';
import { useGameList } from '../api/gameList.ts';
import { PAGE_SIZE } from '../hooks/gameListState.ts';
import { GameGrid } from './GameGrid.tsx';
import { Pagination } from './Pagination.tsx';
import '../games.css';
import '../lobby-home.css';

/** The game popup (spec §4): a provider's games, opened from its provider entry or its card. */
export function VendorGamesModal({
  vassalage,
  gameType,
  title,
  onClose,
}: {
  vassalage: string;
  gameType: string;
  title: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const { data, isLoading, isPlaceholderData } = useGameList({
    gameType: gameType as 'RNG',
    vassalage,
    pageNo: page,
    pageSize: PAGE_SIZE,
  });
  const totalPages = data?.totalPages ?? 0;
  return (
    <Modal
      open
      onClose={onClose}
      title={t('vendor_games_title', { vendor: title })}
      size="lg"
      testId="vendor-games-modal"
    >
      <div className="vendor-games">
        <GameGrid games={data?.games} loading={isLoading || isPlaceholderData} skeletons={PAGE_SIZE} />
        <Pagination page={page} totalPages={totalPages} onPage={(p) => p >= 1 && p <= totalPages && setPage(p)} />
      </div>
    </Modal>
  );
}
