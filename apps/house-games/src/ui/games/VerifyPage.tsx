import { useEffect, useState } from 'react';
import { api } from '../lib/api.ts';
import { crashPointOf, diceRollOf, roundClientSeedOf, sha256Hex } from '../lib/fair.ts';
import { formatDecimal, formatMultiplier } from '../lib/format.ts';
import { HashCheck, SeedField, VerifyNote } from '../components/SeedFields.tsx';
import { t } from '../lib/i18n.ts';

interface CrashRound {
  id: number;
  phase: string;
  serverSeedHash: string;
  serverSeed: string | null;
  salt: string | null;
  betClientSeeds: string[];
  crashPoint: number | null;
}

/**
 * Recomputes a dice roll or a crash point from its seeds in the browser (WebCrypto), and checks
 * the server seed against the hash that was shown before play.
 */
export const VerifyPage = ({ params }: { params: URLSearchParams }) => {
  const [game, setGame] = useState<'dice' | 'crash'>(params.get('game') === 'crash' ? 'crash' : 'dice');
  const [serverSeed, setServerSeed] = useState(params.get('serverSeed') ?? '');
  const [hash, setHash] = useState(params.get('hash') ?? '');
  const [clientSeed, setClientSeed] = useState(params.get('clientSeed') ?? '');
  const [nonce, setNonce] = useState(params.get('nonce') ?? '0');
  const [round, setRound] = useState(params.get('round') ?? '');
  const [result, setResult] = useState<{ text: string; hashOk: boolean | null } | null>(null);
  const [note, setNote] = useState<string | null>(null);

  const compute = async (s = serverSeed, c = clientSeed, n = nonce, h = hash, g = game) => {
    setNote(null);
    if (!s) {
      setResult(null);
      setNote(t('notRevealed'));
      return;
    }
    const k = Number(n);
    const text =
      g === 'dice'
        ? t('rollIs', { roll: formatDecimal((await diceRollOf(s, c, k)) / 100, 2) })
        : t('crashIs', { m: formatMultiplier(await crashPointOf(s, c, k)) });
    setResult({ text, hashOk: h ? (await sha256Hex(s)) === h.trim().toLowerCase() : null });
  };

  const loadRound = async (id = round) => {
    const r = await api<CrashRound>(`/crash/rounds/${encodeURIComponent(id)}`);
    setGame('crash');
    setHash(r.serverSeedHash);
    setNonce(String(r.id));
    if (!r.serverSeed || !r.salt) {
      setServerSeed('');
      setResult(null);
      setNote(t('notRevealed'));
      return;
    }
    const c = await roundClientSeedOf(r.salt, r.betClientSeeds);
    setServerSeed(r.serverSeed);
    setClientSeed(c);
    await compute(r.serverSeed, c, String(r.id), r.serverSeedHash, 'crash');
  };

  useEffect(() => {
    if (params.get('round')) void loadRound(params.get('round')!).catch((e: Error) => setNote(e.message));
    else if (params.get('serverSeed')) void compute();
    else if (params.get('hash')) setNote(t('notRevealed'));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <main className="verify">
      <h1>{t('verifyTitle')}</h1>
      <p className="muted">{t('verifyIntro')}</p>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void compute();
        }}
      >
        <label className="field">
          <span>{t('game')}</span>
          <select
            value={game}
            onChange={(e) => setGame(e.target.value as 'dice' | 'crash')}
            data-testid="hg-verify-game"
          >
            <option value="dice">{t('dice')}</option>
            <option value="crash">{t('crash')}</option>
          </select>
        </label>
        {game === 'crash' && (
          <div className="row">
            <label className="field">
              <span>{t('crashRound')}</span>
              <input value={round} onChange={(e) => setRound(e.target.value)} inputMode="numeric" />
            </label>
            <button
              type="button"
              className="ghost"
              onClick={() => void loadRound().catch((err: Error) => setNote(err.message))}
            >
              {t('loadRound')}
            </button>
          </div>
        )}
        <SeedField label={t('serverSeed')} value={serverSeed} onChange={setServerSeed} testId="hg-verify-server-seed" />
        <SeedField label={t('serverSeedHash')} value={hash} onChange={setHash} testId="hg-verify-hash" />
        <SeedField
          label={t('clientSeed')}
          value={clientSeed}
          onChange={setClientSeed}
          kind="text"
          testId="hg-verify-client-seed"
        />
        <SeedField label={t('nonce')} value={nonce} onChange={setNonce} kind="digits" testId="hg-verify-nonce" />
        <button type="submit" className="spin" data-testid="hg-verify-compute">
          {t('compute')}
        </button>
      </form>
      <VerifyNote note={note} />
      {result && (
        <section className="verify-result" aria-live="polite">
          <p className="big" data-testid="hg-verify-result">
            {result.text}
          </p>
          <HashCheck ok={result.hashOk} />
        </section>
      )}
    </main>
  );
};
