import { GAME_TYPES, operatorContentEndpoints, type GameType } from '@app/contract';
import { useState } from 'react';
import { Tabs } from '../../../components/ui/index.ts';
import { useCatalogueVendors } from '../api/catalogVendors.ts';
import { useOperatorSession } from '../api/client.ts';
import type { ConsoleT } from '../hooks/useConsoleText.ts';
import { HotGames } from './HotGames.tsx';
import { LobbyOrder } from './LobbyOrder.tsx';
import { DeskCard } from './parts.tsx';

/** Who the catalogue calls let in: the roles the contract names, and administrators, who may do everything. */
const mayArrangeAs = (role: string) =>
  role === 'admin' || (operatorContentEndpoints.listVendors.roles ?? []).includes(role);

/**
 * The catalogue as players meet it in the lobby, one game type at a time: the order of its vendors
 * and which of them are in, and which of its games are hot (content staff). Other roles get the
 * server's answer to the first call, its refusal, in place of the desk.
 */
export function CatalogueDesk({ t }: { t: ConsoleT }) {
  const role = useOperatorSession()?.role ?? '';
  const mayArrange = mayArrangeAs(role);
  const [gameType, setGameType] = useState<GameType>(GAME_TYPES[0]);
  const vendors = useCatalogueVendors(gameType);
  if (!mayArrange && !vendors.data) {
    return (
      <DeskCard
        id="catalogue-refused"
        title={t('cs_catalogue')}
        hint={t('cs_catalogue_content_only')}
        testId="catalogue-refused"
      >
        {vendors.error ? (
          <p className="field__error" role="alert" data-testid="catalogue-error">
            {vendors.error.message}
          </p>
        ) : (
          <p className="console-muted">{t('cs_loading')}</p>
        )}
      </DeskCard>
    );
  }
  return (
    <section className="console-panel" aria-label={t('cs_catalogue')} data-testid="catalogue-desk">
      {!mayArrange ? <p className="console-muted">{t('cs_catalogue_content_only')}</p> : null}
      <Tabs
        label={t('cs_game_type')}
        value={gameType}
        onChange={setGameType}
        items={GAME_TYPES.map((id) => ({ id, label: t(`cs_type_${id}`) }))}
        className="console-types"
      />
      <div className="console-catalogue">
        <LobbyOrder key={`order-${gameType}`} gameType={gameType} mayArrange={mayArrange} t={t} />
        <HotGames key={`hot-${gameType}`} gameType={gameType} mayArrange={mayArrange} t={t} />
      </div>
    </section>
  );
}
