import { useEffect, useState } from 'react';
import type { LiveKind, LiveResult } from '../../../math/live/games.ts';
import { api } from '../../lib/api.ts';
import { roundClientSeedOf, sha256Hex } from '../../lib/fair.ts';
import { recomputeLive } from './fair.ts';
import { tl } from './words.ts';
import './live.css';

interface Past {
  id: number;
  kind: LiveKind;
  tableId: string;
  phase: string;
  serverSeedHash: string;
  serverSeed: string | null;
  salt: string | null;
  betClientSeeds: string[];
  result: LiveResult | null;
}

const describe = (kind: LiveKind, r: LiveResult): string => {
  const x = r as unknown as Record<string, unknown>;
  if (kind === 'baccarat') return `${x.winner} ${x.playerTotal}–${x.bankerTotal}`;
  if (kind === 'roulette') return String(x.number);
  if (kind === 'dragontiger') return String(x.winner);
  if (kind === 'sicbo') return (x.dice as number[]).join(' ');
  return String(x.result);
};

/** Recomputes a live round in the browser from its revealed seeds and checks it against the deal. */
export const LiveVerify = ({ params }: { params: URLSearchParams }) => {
  const [round, setRound] = useState(params.get('round') ?? '');
  const [out, setOut] = useState<{ text: string; same: boolean; hashOk: boolean } | null>(null);
  const [note, setNote] = useState<string | null>(null);

  const load = async (id = round) => {
    setOut(null);
    setNote(null);
    try {
      const r = await api<Past>(`/live/rounds/${encodeURIComponent(id)}`);
      if (!r.serverSeed || !r.salt || !r.result) return setNote(tl('closed'));
      const clientSeed = await roundClientSeedOf(r.salt, r.betClientSeeds);
      const again = await recomputeLive(r.kind, r.serverSeed, clientSeed, r.id);
      setOut({
        text: `${r.tableId} · ${describe(r.kind, again)}`,
        same: JSON.stringify(again) === JSON.stringify(r.result),
        hashOk: (await sha256Hex(r.serverSeed)) === r.serverSeedHash,
      });
    } catch (e) {
      setNote((e as Error).message);
    }
  };

  useEffect(() => {
    if (round) void load(round);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <main className="game-shell live-verify">
      <h1>{tl('verifyTitle')}</h1>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void load();
        }}
        className="row"
      >
        <label className="field">
          <span>{tl('roundId')}</span>
          <input value={round} onChange={(e) => setRound(e.target.value)} inputMode="numeric" />
        </label>
        <button type="submit">{tl('load')}</button>
      </form>
      {note && <p className="message">{note}</p>}
      {out && (
        <div className="fairness" data-testid="live-verify-result">
          <p>{tl('recomputed', { text: out.text })}</p>
          <p className={out.same ? 'won' : 'message'}>{out.same ? tl('matches') : tl('differs')}</p>
          <p className={out.hashOk ? 'won' : 'message'}>{out.hashOk ? tl('hashOk') : tl('hashBad')}</p>
        </div>
      )}
    </main>
  );
};
