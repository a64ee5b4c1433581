import * as z from "zod";
import { TIME_ZONES } from "./clients/client.js";

/**
 * Field rules shared by several resources, written once (spec Limits section).
 */

/** A string that rejects the empty string: the spec rejects it "on 52 string fields that declare no minimum". */
export const text = (max?: number) => {
  const s = z.string().min(1, "must not be empty");
  return max === undefined ? s : s.max(max, `must be at most ${max} characters`);
};

/**
 * The stricter email rule of the Limits section: plus-addressing and top-level domains longer than
 * four characters return 400.
 */
export const EMAIL_PATTERN = /^[A-Za-z0-9._%-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,4}$/;
export const email = z
  .string()
  .min(1, "must not be empty")
  .max(254, "must be at most 254 characters")
  .refine((v) => !v.includes("+"), "plus-addressing is not accepted")
  // A regex check (not a refine) so the OpenAPI document carries the rule as `pattern`.
  .regex(EMAIL_PATTERN, "must be an email address with a top-level domain of 2 to 4 letters")
  .meta({ description: "An email address: no plus-addressing, top-level domain of 2 to 4 letters (spec Limits)." });

/**
 * Admin phone: "a separator right after the country code returns 400; send digits like `+<digits>`".
 * With a leading `+` only digits may follow; without it a national number may use spaces, `-`, `.`
 * and parentheses. 7 to 15 digits either way (E.164).
 */
// No lookahead: property-based tests generate strings from the pattern.
export const PHONE_PATTERN = /^(?:\+\d{7,15}|\(*\d(?:[\s\-.()]*\d){6,14}[\s\-.()]*)$/;
export const phone = z
  .string()
  .min(1, "must not be empty")
  .refine((v) => !/^\+\d{1,3}[\s\-.()/]/.test(v), "a separator right after the country code is not accepted")
  // A regex check (not a refine) so the OpenAPI document carries the rule as `pattern`.
  .regex(PHONE_PATTERN, "must be +<digits> (7 to 15 digits) or a national number")
  .meta({ description: "`+<digits>` (7 to 15 digits, no separator after the country code) or a national number of 7 to 15 digits with spaces, `-`, `.` or parentheses." });

/** One of the spec's seven lower-case IANA zones. */
export const timeZone = z.enum(TIME_ZONES, { error: `must be one of ${TIME_ZONES.join(", ")}` });

/** How the document states a page-size parameter: sent as text, read as an integer from 1 to `max`. */
export const pageSizeMeta = (max: number) => ({ type: "integer", minimum: 1, maximum: max, description: `Page size: an integer from 1 to ${max}.` });
/** How the document states a skip/offset parameter: every list refuses more than nine digits (400). */
export const offsetMeta = { type: "integer", minimum: 0, maximum: 999_999_999, description: "Rows to skip: 0 to 999999999 (default 0)." };
/**
 * `Take` and `Skip` of `GET /v1/clients`: the spec types them "query strings", "sent as strings", so
 * the document says string, with the digits the double reads (1 to 100; 0 to 999999999).
 */
export const takeTextMeta = {
  type: "string",
  pattern: "^(?:0{0,8}[1-9]|0{0,7}[1-9][0-9]|0{0,6}100)$",
  description: "Page size, sent as a string of digits: an integer from 1 to 100.",
};
export const skipTextMeta = { type: "string", pattern: "^[0-9]{1,9}$", description: "Rows to skip, sent as a string of digits: 0 to 999999999 (default 0)." };

/** The spec's "integer int32" amounts in cents: `min` to 99999999. */
export const cents = (min: number) =>
  z
    .number()
    .int("must be an integer")
    .min(min, `must be at least ${min}`)
    .max(99999999, "must be at most 99999999")
    .meta({ format: "int32" });

/** A timestamp of a response: ISO 8601 in UTC (spec Conventions), stated as `format: date-time`. */
export const dateTime = z.string().meta({ format: "date-time" });
