import * as z from "zod";
import { addDuration, MAX_INSTANT_MS, parseDuration } from "./duration.js";
import { GatewayError } from "./errors.js";

/**
 * The one range of instants the simulated clock can hold, checked wherever an instant enters the
 * double (clock start, `advance`, a timeline's `at`, a schedule's `in`, the ACH-return helper, a
 * settlement delay, a replay header): from 0000-01-01T00:00:00.000Z to 9999-12-31T23:59:59.999Z,
 * the span the spec's four-digit-year timestamp form can write. Outside it the ISO form turns into
 * `+011026-...` or `-000001-...` and no client parses it back.
 */
const FIRST = "0000-01-01T00:00:00.000Z";
export const MIN_INSTANT_MS = Date.parse(FIRST);
const LAST = new Date(MAX_INSTANT_MS).toISOString();

/** The problem a 400 names for an instant outside the range. */
export const INSTANT_OUT_OF_RANGE = `must be between ${FIRST} and ${LAST}, the instants the simulated clock can show`;

/** True when `ms` is an instant the clock can hold. */
export function inInstantRange(ms: number): boolean {
  return Number.isFinite(ms) && ms >= MIN_INSTANT_MS && ms <= MAX_INSTANT_MS;
}

/** An ISO 8601 instant with an offset, inside the clock's range (the message names the value). */
export function instantSchema(example = "2026-03-02T15:00:00.000Z") {
  return z.iso
    .datetime({ offset: true, error: `must be an ISO 8601 instant such as ${example}` })
    .refine((text) => Number.isNaN(Date.parse(text)) || inInstantRange(Date.parse(text)), { error: (issue) => `${String(issue.input)} ${INSTANT_OUT_OF_RANGE}` });
}

/** Epoch milliseconds inside the clock's range (a replay log's numbers; built when asked, as above). */
export function instantMsSchema() {
  return z
    .number()
    .int("must be an integer of epoch milliseconds")
    .refine(inInstantRange, { error: (issue) => `${String(issue.input)} ${INSTANT_OUT_OF_RANGE}` });
}

/**
 * The instant a duration (already checked by `durationSchema`) after `now` falls on, or a 400 naming
 * `field` when it lies past the clock's last instant: the same rule as `POST /_mock/clock/advance`.
 */
export function instantAfter(now: number, duration: string, field: string): number {
  const d = parseDuration(duration);
  const at = d ? addDuration(now, d) : NaN;
  if (!inInstantRange(at)) {
    const problem = `${duration} after ${new Date(now).toISOString()} falls past ${LAST}, the last instant the simulated clock can show`;
    throw new GatewayError("INVALID_REQUEST_DATA", { message: `${field}: ${problem}.`, details: { [field]: problem } });
  }
  return at;
}
