import fc from "fast-check";
import { describe, test } from "vitest";
import { PHONE_PATTERN } from "./fields.js";
import { FAX_PATTERN } from "./integrations/details.js";

/** The patterns the OpenAPI document states are the rules as the spec words them, nothing else. */
const digits = (v: string) => v.replace(/\D/g, "").length;
const chars = fc.string({ unit: fc.constantFrom(..."0123456789 -.()+a/"), maxLength: 22 });

describe("field patterns", () => {
  test("phone: +<7 to 15 digits>, or a national number of 7 to 15 digits with spaces, - . ( )", () => {
    const rule = (v: string) => /^\+\d{7,15}$/.test(v) || (/^[\d\s\-.()]+$/.test(v) && /^\(*\d/.test(v) && digits(v) >= 7 && digits(v) <= 15);
    fc.assert(fc.property(chars, (v) => PHONE_PATTERN.test(v) === rule(v)), { numRuns: 20000 });
  });

  test("fax: 10 to 12 digits; spaces, a leading +, ( ) - . allowed; no letters", () => {
    const rule = (v: string) => /^\+?[\d\s().-]+$/.test(v) && digits(v) >= 10 && digits(v) <= 12;
    fc.assert(fc.property(chars, (v) => FAX_PATTERN.test(v) === rule(v)), { numRuns: 20000 });
  });
});
