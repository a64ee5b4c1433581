/**
 * ISO 8601 durations (`P3D`, `PT0.001S`, `P1Y2M`, `PT36H`), used by clock ticks, `advance`, scenario
 * schedules and timelines.
 */
export interface Duration {
  years: number;
  months: number;
  weeks: number;
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** The ISO 8601 duration grammar accepted everywhere (also published in the scenario JSON Schema). */
export const DURATION_PATTERN =
  /^P(?!$)(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)W)?(?:(\d+)D)?(?:T(?!$)(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d{1,3})?)S)?)?$/;

/**
 * The last instant the simulated clock can show, 9999-12-31T23:59:59.999Z: past it a timestamp
 * would lose the spec's four-digit-year form (and JavaScript dates end at year 275760).
 */
export const MAX_INSTANT_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/** The longest duration accepted anywhere (clock moves, ticks, schedules): ten thousand years. */
export const MAX_DURATION = "P10000Y";
const MAX_DURATION_MS = 10_000 * 366 * 86_400_000;

/** The problem named in a 400 for a duration outside {@link MAX_DURATION}. */
export const DURATION_TOO_LONG = `must be at most ${MAX_DURATION} (the simulated clock ends at 9999-12-31T23:59:59.999Z)`;

/** Parses an ISO 8601 duration; returns null when the text is not one or is longer than {@link MAX_DURATION}. */
export function parseDuration(text: string): Duration | null {
  const m = DURATION_PATTERN.exec(text);
  if (!m) return null;
  const n = (i: number) => (m[i] === undefined ? 0 : Number(m[i]));
  const d = { years: n(1), months: n(2), weeks: n(3), days: n(4), hours: n(5), minutes: n(6), seconds: n(7) };
  const calendarMonths = d.years * 12 + d.months;
  const fixed = (((d.weeks * 7 + d.days) * 24 + d.hours) * 60 + d.minutes) * 60_000 + d.seconds * 1000;
  if (!(calendarMonths <= 10_000 * 12 && fixed <= MAX_DURATION_MS && calendarMonths * 30.5 * 86_400_000 + fixed <= MAX_DURATION_MS)) return null;
  return d;
}

/** True when `text` is a valid ISO 8601 duration the simulated clock can hold (at most {@link MAX_DURATION}). */
export function isDuration(text: string): boolean {
  return parseDuration(text) !== null;
}


/** Adds a duration to an instant (UTC calendar arithmetic for years and months). */
export function addDuration(ms: number, d: Duration): number {
  const date = new Date(ms);
  if (d.years || d.months) date.setUTCMonth(date.getUTCMonth() + d.years * 12 + d.months);
  const days = d.weeks * 7 + d.days;
  const fixedMs = Math.round(((days * 24 + d.hours) * 60 + d.minutes) * 60_000 + d.seconds * 1000);
  return date.getTime() + fixedMs;
}

/** Fixed length of a duration without years or months, in ms (ticks). */
export function durationMs(d: Duration): number {
  return addDuration(0, d);
}

/** Formats a fixed length in ms as an ISO 8601 duration (`1` -> `PT0.001S`, `0` -> `PT0S`). */
export function formatDurationMs(ms: number): string {
  const days = Math.floor(ms / 86_400_000);
  let rest = ms - days * 86_400_000;
  const hours = Math.floor(rest / 3_600_000);
  rest -= hours * 3_600_000;
  const minutes = Math.floor(rest / 60_000);
  rest -= minutes * 60_000;
  const seconds = rest / 1000;
  let time = "";
  if (hours) time += `${hours}H`;
  if (minutes) time += `${minutes}M`;
  if (seconds || (!days && !time)) time += `${seconds}S`;
  return `P${days ? `${days}D` : ""}${time ? `T${time}` : ""}`;
}
