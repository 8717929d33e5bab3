/**
 * The console shows and takes times in the brand's time zone, whatever the operator's computer
 * says. A `datetime-local` field holds a wall-clock time ("2026-11-22T14:30"); these turn it into
 * an instant and back for a given IANA zone, with nothing but Intl.
 */
const parts = (date: Date, timeZone: string) => {
  const out: Record<string, number> = {};
  for (const p of new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(date)) {
    if (p.type !== 'literal') out[p.type] = Number(p.value);
  }
  return out as { year: number; month: number; day: number; hour: number; minute: number; second: number };
};

/** The zone's offset from UTC at an instant, in minutes (São Paulo: -180). */
const offsetAt = (date: Date, timeZone: string) => {
  const p = parts(date, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return Math.round((asUtc - Math.floor(date.getTime() / 1000) * 1000) / 60_000);
};

const pad = (n: number) => String(n).padStart(2, '0');

/** "YYYY-MM-DDTHH:mm" on the zone's clock → an ISO instant with the zone's offset, or null if malformed. */
export const zonedToIso = (local: string, timeZone: string): string | null => {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!m) return null;
  const [y, mo, d, h, mi] = m.slice(1).map(Number) as [number, number, number, number, number];
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  // Guess with the offset at the wall time read as UTC, then correct once (enough away from a DST jump).
  let offset = offsetAt(new Date(wall), timeZone);
  offset = offsetAt(new Date(wall - offset * 60_000), timeZone);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${y}-${pad(mo)}-${pad(d)}T${pad(h)}:${pad(mi)}:00${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
};

/** An instant → "YYYY-MM-DDTHH:mm" on the zone's clock (for a datetime-local field). */
export const isoToZoned = (iso: string, timeZone: string): string => {
  const p = parts(new Date(iso), timeZone);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}`;
};
