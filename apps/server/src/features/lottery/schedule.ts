import type { LotteryFamily } from '@app/contract';

/**
 * When a house lottery draws (decision 063): pure time arithmetic, no database.
 *
 * A high-frequency game draws every `intervalSeconds` (60, 180, 300) around the clock. Its periods
 * start at whole multiples of the interval since the Unix epoch; since every time zone's offset is
 * a whole number of quarter hours, those are also whole multiples from the brand's local midnight.
 * The period number is the brand's local date of the period's opening and its 1-based index in
 * that day: `20261125-0412` is the 412th period that opened on 25 November (local).
 * A daily game draws once a day at `dailyDrawMinute` of the brand's day; its period opens at the
 * previous draw and is numbered by the local date of its draw (`20261125-0001`).
 */
export interface GameSchedule {
  intervalSeconds: number;
  dailyDrawMinute: number | null;
  closeSeconds: number;
  /**
   * A daily game that draws only on some days (decision 072): local weekdays (0 Sunday … 6
   * Saturday) and/or days of the month; a day is a draw day when it is in either list. Null or
   * absent (both): every day.
   */
  drawWeekdays?: readonly number[] | null;
  drawMonthDays?: readonly number[] | null;
}

export interface PeriodTimes {
  numero: string;
  openAt: Date;
  closeAt: Date;
  drawAt: Date;
}

const DAY_MS = 86_400_000;

/** The brand's local calendar date of an instant, as yyyymmdd. */
export const localDate = (at: Date, timeZone: string): string => {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    .formatToParts(at)
    .reduce<Record<string, string>>((acc, p) => ({ ...acc, [p.type]: p.value }), {});
  return `${parts.year}${parts.month}${parts.day}`;
};

/** The instant of local midnight starting a yyyymmdd day in a time zone. */
export const localMidnight = (day: string, timeZone: string): Date => {
  const utc = Date.UTC(Number(day.slice(0, 4)), Number(day.slice(4, 6)) - 1, Number(day.slice(6, 8)));
  const offsetAt = (t: number) => {
    const name =
      new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
        .formatToParts(new Date(t))
        .find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
    const m = /GMT([+-])(\d{2}):?(\d{2})?/.exec(name);
    return m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3] ?? 0)) * 60_000 : 0;
  };
  // The offset at the guess, then at the corrected instant (a day whose offset changes at midnight).
  const first = utc - offsetAt(utc);
  return new Date(utc - offsetAt(first));
};

const addDays = (day: string, n: number) => {
  const d = new Date(
    Date.UTC(Number(day.slice(0, 4)), Number(day.slice(4, 6)) - 1, Number(day.slice(6, 8))) + n * DAY_MS,
  );
  return `${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}${String(d.getUTCDate()).padStart(2, '0')}`;
};

const withClose = (s: GameSchedule, numero: string, openAt: Date, drawAt: Date): PeriodTimes => ({
  numero,
  openAt,
  drawAt,
  closeAt: new Date(Math.max(openAt.getTime(), drawAt.getTime() - s.closeSeconds * 1000)),
});

/** Whether a game with draw days draws on a local yyyymmdd day (every day without them). */
export const isDrawDay = (s: GameSchedule, day: string): boolean => {
  const weekdays = s.drawWeekdays ?? null;
  const monthDays = s.drawMonthDays ?? null;
  if (weekdays === null && monthDays === null) return true;
  const d = new Date(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(4, 6)) - 1, Number(day.slice(6, 8))));
  return (weekdays?.includes(d.getUTCDay()) ?? false) || (monthDays?.includes(d.getUTCDate()) ?? false);
};

/** The period open at `at` (openAt ≤ at < drawAt). */
export const periodAt = (s: GameSchedule, at: Date, timeZone: string): PeriodTimes => {
  if (s.dailyDrawMinute !== null) {
    const minute = s.dailyDrawMinute;
    const drawOn = (day: string) => new Date(localMidnight(day, timeZone).getTime() + minute * 60_000);
    // The first draw day whose draw is after `at` (a month has a draw day within 31 days; 62 is a bound).
    let day = localDate(at, timeZone);
    for (let i = 0; i < 62 && (!isDrawDay(s, day) || at.getTime() >= drawOn(day).getTime()); i++) day = addDays(day, 1);
    // The period opens at the draw before it.
    let prev = addDays(day, -1);
    for (let i = 0; i < 62 && !isDrawDay(s, prev); i++) prev = addDays(prev, -1);
    return withClose(s, `${day}-0001`, drawOn(prev), drawOn(day));
  }
  const iv = s.intervalSeconds * 1000;
  const open = Math.floor(at.getTime() / iv) * iv;
  const openAt = new Date(open);
  const day = localDate(openAt, timeZone);
  const index = Math.floor((open - localMidnight(day, timeZone).getTime()) / iv) + 1;
  return withClose(s, `${day}-${String(index).padStart(4, '0')}`, openAt, new Date(open + iv));
};

/** The period after `p`. */
export const periodAfter = (s: GameSchedule, p: PeriodTimes, timeZone: string): PeriodTimes =>
  periodAt(s, p.drawAt, timeZone);

/** The house lottery games a brand gets (their codes are the catalogue's LOTT games). */
export interface HouseGame extends GameSchedule {
  gameCode: string;
  family: LotteryFamily;
  minBet: bigint;
  maxBet: bigint;
  maxPeriod: bigint;
  /** The zone its hour is published in; null: the brand's. */
  timeZone: string | null;
  official: boolean;
  settleHoldSeconds: number;
  drawWeekdays: readonly number[] | null;
  drawMonthDays: readonly number[] | null;
}

const FAMILIES: LotteryFamily[] = ['SSC', 'PK10', '11X5', 'LHC', 'LF'];
/** Closing seconds by interval: betting stops this long before each draw. */
const CLOSE_SECONDS: Record<number, number> = { 1: 10, 3: 30, 5: 45 };

export const HOUSE_GAMES: HouseGame[] = FAMILIES.flatMap((family) =>
  [1, 3, 5].map((minutes) => ({
    gameCode: `lott-${family.toLowerCase()}-${minutes}-min`,
    family,
    // Low-frequency games draw once a day (21:30 local), whatever their tile says.
    intervalSeconds: family === 'LF' ? 86_400 : minutes * 60,
    dailyDrawMinute: family === 'LF' ? 21 * 60 + 30 : null,
    closeSeconds: family === 'LF' ? 600 : CLOSE_SECONDS[minutes]!,
    minBet: 200n,
    maxBet: 5_000_000n,
    maxPeriod: 10_000_000n,
    timeZone: null,
    official: false,
    settleHoldSeconds: 0,
    drawWeekdays: null,
    drawMonthDays: null,
  })),
);

/** Vietnam's official lotteries publish their hours in Vietnam's time (UTC+7, no daylight saving). */
export const VN_TIME_ZONE = 'Asia/Ho_Chi_Minh';

/**
 * The Vietnamese lotteries (decision 068), the catalogue's TCG_LOTTO_VN games. The three regions draw
 * once a day at their published hours in Vietnam's time, whatever the brand's zone (a result
 * published at 18:15 in Hanoi must close betting before it, wherever the brand is): South 16:15,
 * Central 17:15, North 18:15. Betting closes 15 minutes before; an official result waits 30
 * minutes after the draw for an operator's correction before it settles. Hanoi VIP and Saigon
 * Fast are the house's own draws on the North and South sheets every 5 and 3 minutes, settled at
 * once like any house game. Mega 6/45 is not played yet.
 */
const vnOfficial = (slug: string, family: LotteryFamily, hour: number, minute: number): HouseGame => ({
  gameCode: `tcg_lotto_vn-${slug}`,
  family,
  intervalSeconds: 86_400,
  dailyDrawMinute: hour * 60 + minute,
  closeSeconds: 900,
  minBet: 200n,
  maxBet: 50_000_000n,
  maxPeriod: 100_000_000n,
  timeZone: VN_TIME_ZONE,
  official: true,
  settleHoldSeconds: 1_800,
  drawWeekdays: null,
  drawMonthDays: null,
});
const vnHouse = (slug: string, family: LotteryFamily, minutes: number): HouseGame => ({
  gameCode: `tcg_lotto_vn-${slug}`,
  family,
  intervalSeconds: minutes * 60,
  dailyDrawMinute: null,
  closeSeconds: CLOSE_SECONDS[minutes] ?? 30,
  minBet: 200n,
  maxBet: 50_000_000n,
  maxPeriod: 100_000_000n,
  timeZone: VN_TIME_ZONE,
  official: false,
  settleHoldSeconds: 0,
  drawWeekdays: null,
  drawMonthDays: null,
});

export const VN_GAMES: HouseGame[] = [
  vnOfficial('northern-lottery', 'VN_NORTH', 18, 15),
  vnOfficial('central-lottery', 'VN_CENTRAL', 17, 15),
  vnOfficial('southern-lottery', 'VN_SOUTH', 16, 15),
  vnHouse('hanoi-vip', 'VN_NORTH', 5),
  vnHouse('saigon-fast', 'VN_SOUTH', 3),
];

const [SUN, , , WED, , FRI, SAT] = [0, 1, 2, 3, 4, 5, 6];
const MON = 1;

/**
 * South-East Asia's official lotteries (decision 072), the catalogue's TCG_SEA games, each at its
 * published hour in its own zone: Thailand's Government Lottery on the 1st and 16th at 14:30
 * Bangkok (betting closes an hour before); Laos' development lottery Monday, Wednesday and Friday
 * at 20:30 Vientiane; Malaysia's 4D (Magnum's table) and Singapore Pools' 4D Wednesday, Saturday
 * and Sunday at 19:00 Kuala Lumpur and 18:30 Singapore; Cambodia's 4D every day at 19:00 Phnom
 * Penh. Betting closes 15 minutes before (Thailand 60); a result waits 30 minutes for corrections.
 */
const seaOfficial = (
  slug: string,
  family: LotteryFamily,
  timeZone: string,
  at: [number, number],
  days: { weekdays?: number[]; monthDays?: number[] },
  closeMinutes = 15,
): HouseGame => ({
  gameCode: `tcg_sea-${slug}`,
  family,
  intervalSeconds: 86_400,
  dailyDrawMinute: at[0] * 60 + at[1],
  closeSeconds: closeMinutes * 60,
  minBet: 200n,
  maxBet: 50_000_000n,
  maxPeriod: 100_000_000n,
  timeZone,
  official: true,
  settleHoldSeconds: 1_800,
  drawWeekdays: days.weekdays ?? null,
  drawMonthDays: days.monthDays ?? null,
});

export const SEA_GAMES: HouseGame[] = [
  seaOfficial('thai-lottery', 'SEA_TH', 'Asia/Bangkok', [14, 30], { monthDays: [1, 16] }, 60),
  seaOfficial('lao-lottery', 'SEA_LA', 'Asia/Vientiane', [20, 30], { weekdays: [MON, WED, FRI] }),
  seaOfficial('malaysia-4d', 'SEA_MY', 'Asia/Kuala_Lumpur', [19, 0], { weekdays: [WED, SAT, SUN] }),
  seaOfficial('singapore-4d', 'SEA_SG', 'Asia/Singapore', [18, 30], { weekdays: [WED, SAT, SUN] }),
  seaOfficial('cambodia-lotto', 'SEA_KH', 'Asia/Phnom_Penh', [19, 0], {}),
];
