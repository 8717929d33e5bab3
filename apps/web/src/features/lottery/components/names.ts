import type { LotteryGame } from '@app/contract';
import type { LotteryT } from '../hooks/useLotteryText.ts';
import type { LotteryTextKey } from '../i18n/en.ts';

/** The Vietnamese games' own names (lt_game_vn_northern_lottery…), by their catalogue codes. */
const vnKey = (gameCode: string) => `lt_game_vn_${gameCode.replace(/^tcg_lotto_vn-/, '').replace(/-/g, '_')}`;

/** The South-East Asian games' own names (lt_game_sea_thai_lottery…), decision 072. */
const seaKey = (gameCode: string) => `lt_game_sea_${gameCode.replace(/^tcg_sea-/, '').replace(/-/g, '_')}`;

/** "SSC · 1 min", "Pick 3 · daily", "Northern Lottery", "Thai Lottery". */
export const gameName = (t: LotteryT, g: Pick<LotteryGame, 'family' | 'intervalSeconds'> & { gameCode?: string }) =>
  g.gameCode?.startsWith('tcg_lotto_vn-')
    ? textOf(t, vnKey(g.gameCode))
    : g.gameCode?.startsWith('tcg_sea-')
      ? textOf(t, seaKey(g.gameCode))
      : g.intervalSeconds >= 86_400
        ? t('lt_game_daily', { family: t(`lt_family_${g.family}`) })
        : t('lt_game_name', { family: t(`lt_family_${g.family}`), minutes: g.intervalSeconds / 60 });

/** A number as its line prints it: `digits` wide with leading zeros (Vietnamese sheets). */
export const padded = (n: number, digits: number) => String(n).padStart(digits, '0');

/** Minutes and seconds left, "01:05"; hours when there are any. */
export const clockText = (ms: number) => {
  const s = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(s / 3600);
  const mm = String(Math.floor((s % 3600) / 60)).padStart(2, '0');
  const ss = String(s % 60).padStart(2, '0');
  return h ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
};

/** A text whose key is built from data (a bet type, a row, a token); every such key is in the tables. */
export const textOf = (t: LotteryT, key: string) => t(key as LotteryTextKey);

/** A bet type's prizes: each of up to four ("18.00 / 4.00"), or their range ("20.25 to 81.00"). */
export const prizeList = (t: LotteryT, prizes: readonly bigint[], fmt: (v: bigint) => string) => {
  if (prizes.length <= 4) return prizes.map(fmt).join(' / ');
  const sorted = [...prizes].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return t('lt_prizes_range', { low: fmt(sorted[0]!), high: fmt(sorted[sorted.length - 1]!) });
};
