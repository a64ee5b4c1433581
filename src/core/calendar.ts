/**
 * Business days and merchant-local times.
 *
 * Business days skip weekends and US Federal Reserve holidays (the Fed observes a Sunday holiday on
 * the Monday and does not move a Saturday one). Dates are taken in America/New_York, where the Fed
 * settles. Time-zone arithmetic uses the built-in `Intl` data, so no package is needed: offsets of the
 * spec's seven zones from 1970 to 2100 come from a table generated from that data (zone-offsets.ts),
 * because the first `Intl.DateTimeFormat` of a process loads ICU data, 20-40 ms the first card sale
 * paid; other zones and instants ask `Intl`.
 */
import { ZONE_OFFSETS, ZONE_TABLE_FROM, ZONE_TABLE_TO } from "./zone-offsets.js";

const DAY_MS = 86_400_000;

/** `y-m-d` (month 1-12) of an instant in `zone`, plus its weekday (0 = Sunday). */
export function localDate(ms: number, zone: string): { y: number; m: number; d: number; weekday: number } {
  const offset = tableOffset(ms, zone);
  if (offset !== undefined) {
    const local = new Date(ms + offset);
    return { y: local.getUTCFullYear(), m: local.getUTCMonth() + 1, d: local.getUTCDate(), weekday: local.getUTCDay() };
  }
  const parts = formatter(zone).formatToParts(new Date(ms));
  const get = (t: string) => Number(parts.find((p) => p.type === t)!.value);
  const y = get("year");
  const m = get("month");
  const d = get("day");
  return { y, m, d, weekday: new Date(Date.UTC(y, m - 1, d)).getUTCDay() };
}

/** Offset of `zone` from UTC at instant `ms`, in ms (negative west of Greenwich). */
export function zoneOffset(ms: number, zone: string): number {
  const offset = tableOffset(ms, zone);
  if (offset !== undefined) return offset;
  const parts = formatter(zone).formatToParts(new Date(ms));
  const get = (t: string) => Number(parts.find((p) => p.type === t)!.value);
  const asUtc = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour") % 24, get("minute"), get("second"));
  return asUtc - (ms - (ms % 1000));
}

/** The instant at which the wall clock of `zone` shows `y-m-d hh:mm`. */
export function zonedInstant(y: number, m: number, d: number, hh: number, mm: number, zone: string): number {
  const guess = Date.UTC(y, m - 1, d, hh, mm);
  const first = guess - zoneOffset(guess, zone);
  return guess - zoneOffset(first, zone);
}

/** The first instant strictly after `afterMs` at which `zone`'s wall clock reads `hhmm` ("HH:MM"). */
export function nextLocalTime(afterMs: number, hhmm: string, zone: string): number {
  const [hh, mm] = hhmm.split(":").map(Number);
  const today = localDate(afterMs, zone);
  for (let i = 0; i < 3; i++) {
    const day = new Date(Date.UTC(today.y, today.m - 1, today.d + i));
    const at = zonedInstant(day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate(), hh, mm, zone);
    if (at > afterMs) return at;
  }
  throw new RangeError(`no ${hhmm} in ${zone} after ${afterMs}`);
}

/** True when `y-m-d` is a US Federal Reserve holiday (as observed). */
export function isFedHoliday(y: number, m: number, d: number): boolean {
  return fedHolidays(y).has(`${m}-${d}`);
}

/** True when the New York date of `ms` is neither a weekend day nor a Fed holiday. */
export function isBusinessDay(ms: number): boolean {
  const { y, m, d, weekday } = localDate(ms, "America/New_York");
  return weekday !== 0 && weekday !== 6 && !isFedHoliday(y, m, d);
}

/** The instant `n` business days after `ms`, at the same time of day (n = 0: `ms` itself). */
export function addBusinessDays(ms: number, n: number): number {
  let t = ms;
  let left = n;
  while (left > 0) {
    t += DAY_MS;
    if (isBusinessDay(t)) left--;
  }
  return t;
}

const holidayCache = new Map<number, Set<string>>();

function fedHolidays(y: number): Set<string> {
  const cached = holidayCache.get(y);
  if (cached) return cached;
  const days = new Set<string>();
  const fixed = (m: number, d: number) => {
    const wd = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
    if (wd === 0) days.add(`${m}-${d + 1}`); // Sunday holiday observed Monday
    else if (wd !== 6) days.add(`${m}-${d}`); // Saturday holiday: the Fed does not move it
  };
  const nth = (m: number, weekday: number, n: number) => {
    const first = new Date(Date.UTC(y, m - 1, 1)).getUTCDay();
    days.add(`${m}-${1 + ((weekday - first + 7) % 7) + (n - 1) * 7}`);
  };
  const last = (m: number, weekday: number) => {
    const end = new Date(Date.UTC(y, m, 0));
    days.add(`${m}-${end.getUTCDate() - ((end.getUTCDay() - weekday + 7) % 7)}`);
  };
  fixed(1, 1);
  nth(1, 1, 3); // Martin Luther King Jr. Day
  nth(2, 1, 3); // Washington's Birthday
  last(5, 1); // Memorial Day
  fixed(6, 19); // Juneteenth
  fixed(7, 4);
  nth(9, 1, 1); // Labor Day
  nth(10, 1, 2); // Columbus Day
  fixed(11, 11);
  nth(11, 4, 4); // Thanksgiving
  fixed(12, 25);
  holidayCache.set(y, days);
  return days;
}

/** The offset (ms) of `zone` at `ms` from the generated table, or undefined where it has none. */
function tableOffset(ms: number, zone: string): number | undefined {
  if (!(ms >= ZONE_TABLE_FROM && ms < ZONE_TABLE_TO)) return undefined;
  const key = zone.toLowerCase();
  if (!Object.hasOwn(ZONE_OFFSETS, key)) return undefined;
  const rows = ZONE_OFFSETS[key];
  // Binary search for the last change at or before `ms` (rows are [start minute, offset] pairs).
  const minute = Math.floor(ms / 60_000);
  let lo = 0;
  let hi = rows.length / 2 - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (rows[2 * mid] <= minute) lo = mid;
    else hi = mid - 1;
  }
  return rows[2 * lo + 1] * 60_000;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(zone, f);
  }
  return f;
}
