import type { z } from "zod";
import { PARSE_ONCE } from "./parse-once.js";

/**
 * zod's default messages in the words of the double's own `details` ("must be at most 100
 * characters", "must be one of ..."): a new-user review met "Too big: expected number to be
 * <=65535", "Invalid input: expected \"next_event\"" and a bare "Invalid input" where a schema
 * gives no message of its own. A schema's own message still wins; an issue not listed here keeps
 * zod's. Given per parse (zod's `error` parse option), never as zod's global configuration: an
 * integrator's own zod schemas in the same process keep zod's words.
 */
export const WORDS = { error: (iss: Issue) => houseWords(iss) } as const;

/** {@link WORDS} for a schema's first parse (core/parse-once.ts). */
export const WORDS_ONCE = { ...PARSE_ONCE, ...WORDS } as const;

type Issue = z.core.$ZodRawIssue;

const A: Record<string, string> = { string: "a string", number: "a number", int: "an integer", boolean: "a boolean", object: "an object", array: "an array", null: "null" };

/** A zod type name as the details say it: `int` -> "an integer". */
export const typeWord = (t: string) => (Object.hasOwn(A, t) ? A[t]! : t);
const shown = (v: unknown) => (typeof v === "string" ? JSON.stringify(v) : String(v));

function houseWords(iss: Issue): string | undefined {
  switch (iss.code) {
    case "too_big":
      if (iss.origin === "string") return `must be at most ${iss.maximum} characters`;
      if (iss.origin === "array" || iss.origin === "set") return `must have at most ${iss.maximum} items`;
      return iss.inclusive === false ? `must be less than ${iss.maximum}` : `must be at most ${iss.maximum}`;
    case "too_small":
      if (iss.origin === "string") return Number(iss.minimum) === 1 ? "must not be empty" : `must be at least ${iss.minimum} characters`;
      if (iss.origin === "array" || iss.origin === "set") return `must have at least ${iss.minimum} items`;
      return iss.inclusive === false ? `must be greater than ${iss.minimum}` : `must be at least ${iss.minimum}`;
    case "invalid_value":
      return iss.values.length === 1 ? `must be ${shown(iss.values[0])}` : `must be one of ${iss.values.map(shown).join(", ")}`;
    case "invalid_type":
      return iss.input === undefined ? "is required" : `must be ${typeWord(iss.expected)}`;
    case "invalid_union": {
      // The types the branches wanted at this very path: "must be a string or a number".
      const wanted = iss.errors.flatMap((branch) => branch.filter((i) => i.code === "invalid_type" && i.path.length === 0).map((i) => typeWord((i as { expected: string }).expected)));
      return wanted.length === iss.errors.length ? `must be ${[...new Set(wanted)].join(" or ")}` : "matches none of the forms this field takes";
    }
    case "not_multiple_of":
      return `must be a multiple of ${iss.divisor}`;
    case "invalid_format":
      return iss.format === "regex" ? `must match ${(iss as { pattern?: string }).pattern ?? "its pattern"}` : `must be a valid ${iss.format}`;
    default:
      return undefined;
  }
}
