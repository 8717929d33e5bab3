import { useEffect, useState } from 'react';
import type { FightForm, FightSide } from '../../math/fair/cockfight-draw.ts';
import { sha256Hex } from '../lib/fair.ts';
import { HashCheck, SeedField, VerifyNote } from '../components/SeedFields.tsx';
import { t } from '../lib/i18n.ts';
import { recomputeFight } from './cockfight-verify.ts';

const SIDE_KEY = { MERON: 'meron', WALA: 'wala', DRAW: 'draw' } as const;
const percent = (bp: number) => (bp / 100).toFixed(2);

/**
 * A fight recomputed in the browser (like /verify/fish): from the fight's revealed result seed and
 * its number, the same maths the arena ran gives the fight's form (the probabilities its odds were
 * priced from) and its result; the seed is checked against the hash shown while betting was open.
 * Opened from the fight card once the seed is revealed, every field filled in.
 */
export const CockfightVerify = ({ params }: { params: URLSearchParams }) => {
  const [serverSeed, setServerSeed] = useState(params.get('serverSeed') ?? '');
  const [hash, setHash] = useState(params.get('hash') ?? '');
  const [fightNo, setFightNo] = useState(params.get('fight') ?? '');
  const recorded = (['MERON', 'WALA', 'DRAW'] as const).find((s) => s === params.get('result')) ?? null;
  const [out, setOut] = useState<{
    form: FightForm;
    result: FightSide;
    same: boolean | null;
    hashOk: boolean | null;
  } | null>(null);
  const [note, setNote] = useState<string | null>(null);

  const compute = async () => {
    setNote(null);
    setOut(null);
    if (!serverSeed) return setNote(t('notRevealed'));
    if (!/^\d{1,9}$/.test(fightNo)) return setNote(t('cfVerifyNoFight'));
    try {
      const r = await recomputeFight(serverSeed, Number(fightNo));
      setOut({
        ...r,
        same: recorded === null ? null : r.result === recorded,
        hashOk: hash ? (await sha256Hex(serverSeed)) === hash.trim().toLowerCase() : null,
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
    <main className="verify" data-testid="hg-cf-verify">
      <h1>{t('cfVerifyTitle')}</h1>
      <p className="muted">{t('cfVerifyIntro')}</p>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void compute();
        }}
      >
        <SeedField label={t('cfSeed')} value={serverSeed} onChange={setServerSeed} testId="hg-verify-server-seed" />
        <SeedField label={t('cfCommit')} value={hash} onChange={setHash} />
        <SeedField label={t('cfVerifyFightNo')} value={fightNo} onChange={setFightNo} kind="digits" />
        <button type="submit" className="spin" data-testid="hg-verify-compute">
          {t('compute')}
        </button>
      </form>
      <VerifyNote note={note} />
      {out && (
        <section className="verify-result" aria-live="polite" data-testid="hg-cf-verify-result">
          <p>
            {t('cfVerifyForm', {
              meron: percent(out.form.meron),
              wala: percent(out.form.wala),
              draw: percent(out.form.draw),
            })}
          </p>
          <p data-testid="hg-cf-verify-outcome">
            {out.result === 'DRAW' ? t('cfDrawResult') : t('cfWinner', { side: t(SIDE_KEY[out.result]) })}
          </p>
          {out.same !== null && (
            <p className={out.same ? 'ok' : 'bad'} data-testid="hg-cf-verify-same">
              {out.same ? t('cfVerifySame') : t('cfVerifyDiffers')}
            </p>
          )}
          <HashCheck ok={out.hashOk} />
        </section>
      )}
    </main>
  );
};
