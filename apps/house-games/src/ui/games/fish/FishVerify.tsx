import { useEffect, useState } from 'react';
import type { WeaponKey } from '../../../math/fish/fish.ts';
import { sha256Hex } from '../../lib/fair.ts';
import { HashCheck, SeedField, VerifyNote } from '../../components/SeedFields.tsx';
import { t } from '../../lib/i18n.ts';
import { multipliersOf, recomputeShot } from './verify.ts';

const WEAPON_KEYS: readonly WeaponKey[] = ['cannon', 'bomb', 'laser'];

/**
 * A fishing shot recomputed in the browser (like /verify/live): from the shot's server seed (once
 * its pair is rotated out and revealed), client seed and nonce, the same maths the server ran says
 * which fish were captured and at which multiplier; the seed is checked against the hash shown
 * before the shot. Opened from a shot in the game's bet history, every field filled in.
 */
export const FishVerify = ({ params }: { params: URLSearchParams }) => {
  const [serverSeed, setServerSeed] = useState(params.get('serverSeed') ?? '');
  const [hash, setHash] = useState(params.get('hash') ?? '');
  const [clientSeed, setClientSeed] = useState(params.get('clientSeed') ?? '');
  const [nonce, setNonce] = useState(params.get('nonce') ?? '0');
  const weaponParam = params.get('weapon') as WeaponKey | null;
  const weapon: WeaponKey = weaponParam && WEAPON_KEYS.includes(weaponParam) ? weaponParam : 'cannon';
  const bet = /^\d{1,15}$/.test(params.get('bet') ?? '') ? BigInt(params.get('bet')!) : 10n;
  const species = (params.get('species') ?? '').split(',').filter(Boolean);
  const rtpBp = Number(params.get('rtp') ?? '9600');
  const recorded = params.get('multipliers');
  const [out, setOut] = useState<{
    hits: { species: string; multiplier: number }[];
    same: boolean | null;
    hashOk: boolean | null;
  } | null>(null);
  const [note, setNote] = useState<string | null>(null);

  const compute = async (s = serverSeed) => {
    setNote(null);
    setOut(null);
    if (!s) return setNote(t('notRevealed'));
    if (!species.length) return setNote(t('fishVerifyNoShot'));
    try {
      const r = await recomputeShot(s, clientSeed, Number(nonce), { weapon, bet, species, rtpBp });
      setOut({
        hits: r.hits,
        same: recorded === null ? null : multipliersOf(r.hits) === recorded,
        hashOk: hash ? (await sha256Hex(s)) === hash.trim().toLowerCase() : null,
      });
    } catch (e) {
      setNote((e as Error).message);
    }
  };

  useEffect(() => {
    if (serverSeed) void compute();
    else if (hash) setNote(t('notRevealed'));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <main className="verify" data-testid="hg-fish-verify">
      <h1>{t('fishVerifyTitle')}</h1>
      <p className="muted">{t('fishVerifyIntro')}</p>
      <p className="fish-verify-shot" data-testid="hg-fish-verify-shot">
        {t(weapon)} · {species.length ? t('fishVerifyFish', { n: species.length }) : '—'}
      </p>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void compute();
        }}
      >
        <SeedField label={t('serverSeed')} value={serverSeed} onChange={setServerSeed} testId="hg-verify-server-seed" />
        <SeedField label={t('serverSeedHash')} value={hash} onChange={setHash} />
        <SeedField label={t('clientSeed')} value={clientSeed} onChange={setClientSeed} kind="text" />
        <SeedField label={t('nonce')} value={nonce} onChange={setNonce} kind="digits" />
        <button type="submit" className="spin" data-testid="hg-verify-compute">
          {t('compute')}
        </button>
      </form>
      <VerifyNote note={note} testId="hg-fish-verify-note" />
      {out && (
        <section className="verify-result" aria-live="polite" data-testid="hg-fish-verify-result">
          <ul className="fish-verify-hits">
            {out.hits.map((h, i) => (
              <li key={i} className={h.multiplier > 0 ? 'ok' : ''}>
                {h.multiplier > 0
                  ? t('fishVerifyCaught', { n: i + 1, m: h.multiplier })
                  : t('fishVerifyMissed', { n: i + 1 })}
              </li>
            ))}
          </ul>
          {out.same !== null && (
            <p className={out.same ? 'ok' : 'bad'} data-testid="hg-fish-verify-same">
              {out.same ? t('fishVerifySame') : t('fishVerifyDiffers')}
            </p>
          )}
          <HashCheck ok={out.hashOk} />
        </section>
      )}
    </main>
  );
};
