import type { GameEntry, GameType } from '@app/contract';
import { useRef, useState } from 'react';
import { Button, Input } from '../../../components/ui/index.ts';
import { useHotGameSearch, useSetHotGames } from '../api/hotGames.ts';
import type { ConsoleT } from '../hooks/useConsoleText.ts';
import { useKeepFocus } from '../hooks/useKeepFocus.ts';
import { OnOffSwitch } from './OnOffSwitch.tsx';
import { DeskCard, DeskTable, Pager } from './parts.tsx';

/**
 * One game type's hot games, the ones the lobby's Hot list leads with: the hot games now, or the
 * games found by name, each with its hot switch.
 */
export function HotGames({ gameType, mayArrange, t }: { gameType: GameType; mayArrange: boolean; t: ConsoleT }) {
  const [draft, setDraft] = useState('');
  const [name, setName] = useState('');
  const [page, setPage] = useState(1);
  const q = useHotGameSearch(gameType, name, page);
  const hot = useSetHotGames();
  const [done, setDone] = useState('');
  const frame = useRef<HTMLElement>(null);
  // The list comes back after a change (an unmarked game leaves the hot list): wait for it.
  const keep = useKeepFocus(frame, hot.isPending || q.isFetching);
  const type = t(`cs_type_${gameType}`);
  const games = q.data?.games ?? [];
  const lastPage = Math.max(1, q.data?.totalPages ?? 1);
  // The last game of the last page left the hot list: show the page before.
  if (q.data && !q.isPlaceholderData && page > lastPage) setPage(lastPage);

  const search = (text: string) => {
    setDraft(text);
    setName(text.trim());
    setPage(1);
    hot.reset();
    setDone('');
  };

  const mark = (g: GameEntry, isHot: boolean) => {
    hot.reset();
    setDone('');
    const at = games.indexOf(g);
    const row = (x: GameEntry | undefined) => (x ? `[data-game="${x.nodeId}"] [role="switch"]` : '');
    keep(
      ...[row(g), row(games[at + 1]), row(games[at - 1]), '[role="switch"]', 'input[type="search"]'].filter(Boolean),
    );
    hot.mutate(
      { nodeIds: [g.nodeId], isHot },
      { onSuccess: () => setDone(t(isHot ? 'cs_hot_on' : 'cs_hot_off', { game: g.gameName })) },
    );
  };

  return (
    <DeskCard
      ref={frame}
      id="hot-games"
      title={t('cs_hot_games', { type })}
      hint={t('cs_hot_hint')}
      testId="catalogue-hot"
    >
      <form
        className="console-find"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          search(draft);
        }}
      >
        <Input
          type="search"
          label={t('cs_search_game')}
          hideLabel
          placeholder={t('cs_game_name')}
          icon="search"
          value={draft}
          maxLength={50}
          onChange={(e) => setDraft(e.target.value)}
          data-testid="hot-search"
        />
        <Button type="submit" variant="secondary" data-testid="hot-find">
          {t('cs_find')}
        </Button>
        {name ? (
          <Button variant="ghost" onClick={() => search('')} data-testid="hot-show-hot">
            {t('cs_show_hot')}
          </Button>
        ) : null}
      </form>
      {q.data && (name || q.data.totalCount > 0) ? (
        <p className="console-muted" data-testid="hot-summary">
          {name ? t('cs_found', { name, count: q.data.totalCount }) : t('cs_hot_now', { count: q.data.totalCount })}
        </p>
      ) : null}
      {q.error ? (
        <p className="field__error" role="alert">
          {q.error.message}
        </p>
      ) : null}
      {q.isPending && !q.error ? <p className="console-muted">{t('cs_loading')}</p> : null}
      {q.data ? (
        <DeskTable
          testId="hot-games"
          caption={t('cs_hot_games', { type })}
          columns={[{ label: t('cs_game'), wide: true }, { label: t('cs_vendor'), wide: true }, { label: t('cs_hot') }]}
          empty={!games.length}
          emptyText={name ? t('cs_no_games_found') : t('cs_no_hot')}
          compact
          busy={q.isPlaceholderData}
          t={t}
        >
          {games.map((g) => (
            <tr key={g.nodeId} data-game={g.nodeId} data-testid={`hot-game-${g.nodeId}`}>
              <td>
                <strong className="console-name">{g.gameName}</strong>
              </td>
              <td>{g.vendorName}</td>
              <td>
                <OnOffSwitch
                  label={t('cs_game_hot', { game: g.gameName, vendor: g.vendorName })}
                  checked={
                    hot.isPending && hot.variables.nodeIds.includes(g.nodeId) ? hot.variables.isHot : g.isHot === 1
                  }
                  disabled={!mayArrange || hot.isPending || q.isPlaceholderData}
                  onChange={(on) => mark(g, on)}
                  t={t}
                  testId="hot-switch"
                />
              </td>
            </tr>
          ))}
        </DeskTable>
      ) : null}
      {q.data ? <Pager page={page} totalPages={q.data.totalPages} onPage={setPage} t={t} /> : null}
      {hot.error ? (
        <p className="field__error" role="alert">
          {hot.error.message}
        </p>
      ) : null}
      <p className="console-ok" role="status" data-testid="hot-status">
        {done}
      </p>
    </DeskCard>
  );
}
