import { describe, expect, it } from 'vitest';
import { SEA_GAMES, localMidnight, periodAfter, periodAt } from './schedule.ts';

const TZ = 'America/Sao_Paulo'; // UTC−3, no daylight saving since 2019
const oneMin = { intervalSeconds: 60, dailyDrawMinute: null, closeSeconds: 10 };

describe('lottery schedule', () => {
  it('numbers a 1-minute period by the local date and its index in the day', () => {
    // 09:51:30 local = 12:51:30 UTC: the period that opened at 09:51, the 592nd of the day.
    const p = periodAt(oneMin, new Date('2026-11-25T12:51:30Z'), TZ);
    expect(p.numero).toBe('20261125-0592');
    expect(p.openAt.toISOString()).toBe('2026-11-25T12:51:00.000Z');
    expect(p.drawAt.toISOString()).toBe('2026-11-25T12:52:00.000Z');
    expect(p.closeAt.toISOString()).toBe('2026-11-25T12:51:50.000Z');
    expect(periodAfter(oneMin, p, TZ).numero).toBe('20261125-0593');
  });

  it('starts at 0001 after local midnight and ends the day at 1440', () => {
    expect(periodAt(oneMin, new Date('2026-11-25T03:00:10Z'), TZ).numero).toBe('20261125-0001');
    expect(periodAt(oneMin, new Date('2026-11-25T02:59:59Z'), TZ).numero).toBe('20261124-1440');
    const five = { intervalSeconds: 300, dailyDrawMinute: null, closeSeconds: 45 };
    expect(periodAt(five, new Date('2026-11-26T02:59:59Z'), TZ).numero).toBe('20261125-0288');
  });

  it('draws a daily game at its minute, numbered by the draw day', () => {
    const daily = { intervalSeconds: 86_400, dailyDrawMinute: 21 * 60 + 30, closeSeconds: 600 };
    const before = periodAt(daily, new Date('2026-11-25T20:00:00Z'), TZ); // 17:00 local
    expect(before.numero).toBe('20261125-0001');
    expect(before.drawAt.toISOString()).toBe('2026-11-26T00:30:00.000Z');
    expect(before.closeAt.toISOString()).toBe('2026-11-26T00:20:00.000Z');
    const after = periodAt(daily, new Date('2026-11-26T00:30:00Z'), TZ);
    expect(after.numero).toBe('20261126-0001');
    expect(after.openAt.toISOString()).toBe('2026-11-26T00:30:00.000Z');
  });

  it('finds local midnight in zones east and west of UTC', () => {
    expect(localMidnight('20261125', 'Asia/Ho_Chi_Minh').toISOString()).toBe('2026-11-24T17:00:00.000Z');
    expect(localMidnight('20261125', TZ).toISOString()).toBe('2026-11-25T03:00:00.000Z');
  });

  it('draws Thailand on the 1st and 16th at 14:30 Bangkok, the period opening at the draw before', () => {
    const thai = SEA_GAMES.find((g) => g.family === 'SEA_TH')!;
    const p = periodAt(thai, new Date('2026-11-26T10:00:00Z'), 'Asia/Bangkok');
    expect(p.numero).toBe('20261201-0001');
    expect(p.drawAt.toISOString()).toBe('2026-12-01T07:30:00.000Z');
    expect(p.openAt.toISOString()).toBe('2026-11-16T07:30:00.000Z');
    expect(p.closeAt.toISOString()).toBe('2026-12-01T06:30:00.000Z');
    expect(periodAfter(thai, p, 'Asia/Bangkok').numero).toBe('20261216-0001');
    // At the draw the next period opens.
    expect(periodAt(thai, new Date('2026-12-01T07:30:00Z'), 'Asia/Bangkok').numero).toBe('20261216-0001');
  });

  it('draws the 4D games on Wednesday, Saturday and Sunday and Laos on Monday, Wednesday and Friday', () => {
    const sg = SEA_GAMES.find((g) => g.family === 'SEA_SG')!;
    // Thursday 26 November 2026: the next Singapore draw is Saturday 28th, 18:30 (10:30 UTC).
    const p = periodAt(sg, new Date('2026-11-26T12:00:00Z'), 'Asia/Singapore');
    expect(p.numero).toBe('20261128-0001');
    expect(p.drawAt.toISOString()).toBe('2026-11-28T10:30:00.000Z');
    expect(p.openAt.toISOString()).toBe('2026-11-25T10:30:00.000Z');
    const after = periodAfter(sg, p, 'Asia/Singapore');
    expect(after.numero).toBe('20261129-0001');
    expect(periodAfter(sg, after, 'Asia/Singapore').numero).toBe('20261202-0001');
    const lao = SEA_GAMES.find((g) => g.family === 'SEA_LA')!;
    expect(periodAt(lao, new Date('2026-11-26T12:00:00Z'), 'Asia/Vientiane').numero).toBe('20261127-0001');
    const kh = SEA_GAMES.find((g) => g.family === 'SEA_KH')!;
    expect(periodAt(kh, new Date('2026-11-26T13:00:00Z'), 'Asia/Phnom_Penh').numero).toBe('20261127-0001');
  });
});
