import { useEffect, useState } from 'react';
import { api, type ApiError } from '../lib/api.ts';
import { lang, t } from '../lib/i18n.ts';

export interface SeedView {
  serverSeedHash: string;
  clientSeed: string;
  nextNonce: number;
  previous: { serverSeed: string; serverSeedHash: string; clientSeed: string; lastNonce: number } | null;
}

/** The current seed pair (hash only), the client seed the player may change, and the last revealed pair. */
export const FairnessPanel = ({
  seed,
  onSeed,
  diceLink = true,
}: {
  seed: SeedView | null;
  onSeed: (s: SeedView) => void;
  /** The revealed pair's link to the dice verify page (a fishing shot is verified from its history row). */
  diceLink?: boolean;
}) => {
  const [clientSeed, setClientSeed] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (seed) setClientSeed(seed.clientSeed);
  }, [seed]);
  if (!seed) return null;
  const save = async () => {
    setError(null);
    try {
      onSeed(await api<SeedView>('/fair/client-seed', { method: 'PUT', body: { clientSeed } }));
    } catch (e) {
      setError((e as ApiError).message);
    }
  };
  const rotate = async () => onSeed(await api<SeedView>('/fair/rotate', { method: 'POST', body: {} }));
  const prev = seed.previous;
  return (
    <section className="fairness" aria-label={t('fairness')} data-testid="hg-fairness">
      <h3>{t('fairness')}</h3>
      <p className="muted small">{t('fairExplain')}</p>
      <dl>
        <dt>{t('serverSeedHash')}</dt>
        <dd className="mono" data-testid="hg-server-hash">
          {seed.serverSeedHash}
        </dd>
        <dt>{t('nextNonce')}</dt>
        <dd className="mono">{seed.nextNonce}</dd>
      </dl>
      <label className="field">
        <span>{t('clientSeed')}</span>
        <input
          value={clientSeed}
          onChange={(e) => setClientSeed(e.target.value)}
          maxLength={64}
          data-testid="hg-client-seed"
        />
      </label>
      <div className="row">
        <button type="button" onClick={() => void save()} disabled={!clientSeed || clientSeed === seed.clientSeed}>
          {t('setClientSeed')}
        </button>
        <button type="button" className="ghost" onClick={() => void rotate()} data-testid="hg-rotate">
          {t('rotateSeed')}
        </button>
      </div>
      {error && (
        <p className="message" role="alert">
          {error}
        </p>
      )}
      {prev && (
        <div className="previous">
          <h4>{t('previousPair')}</h4>
          <dl>
            <dt>{t('serverSeed')}</dt>
            <dd className="mono" data-testid="hg-prev-server-seed">
              {prev.serverSeed}
            </dd>
            <dt>{t('clientSeed')}</dt>
            <dd className="mono">{prev.clientSeed}</dd>
            <dt>{t('nonce')}</dt>
            <dd className="mono">0 – {prev.lastNonce}</dd>
          </dl>
          {diceLink && (
            <a
              href={`/verify?${new URLSearchParams({ game: 'dice', serverSeed: prev.serverSeed, hash: prev.serverSeedHash, clientSeed: prev.clientSeed, nonce: String(Math.max(0, prev.lastNonce)), lang })}`}
              target="_blank"
              rel="noreferrer"
            >
              {t('openVerify')}
            </a>
          )}
        </div>
      )}
    </section>
  );
};
