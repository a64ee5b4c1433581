import type { Context } from "hono";
import type { z } from "zod";
import { GatewayError } from "../core/errors.js";
import { queryParams } from "../core/query.js";
import type { Operation } from "../gateway/operation.js";
import type { AppEnv } from "./env.js";
import { maskCardsDeep, maskDigitRuns } from "../core/mask.js";
import { schemaOf } from "../core/lazy.js";
import { fastParser, MISS } from "../core/fast-parse.js";
import { requestHeader } from "./headers.js";
import { typeWord, WORDS, WORDS_ONCE } from "../core/zod-words.js";

const invalid = (field: string, problem: string) =>
  new GatewayError("INVALID_REQUEST_DATA", { details: { [field]: problem } });

/**
 * Reads a JSON body: the content type and the JSON syntax each fail with the envelope (the size
 * limit was enforced while the body arrived, src/http/body.ts). An empty body is `{}` where the
 * operation allows it (capture).
 */
export async function readJsonBody(c: Context<AppEnv>, optional: boolean): Promise<unknown> {
  return jsonOf(c, await c.req.text(), optional);
}

/** {@link readJsonBody} of a body already read (the pipeline reads every body before routing: app.ts). */
function jsonOf(c: Context<AppEnv>, text: string, optional: boolean): unknown {
  if (text.trim() === "") {
    if (optional) return {};
    throw invalid("body", "is required");
  }
  const type = requestHeader(c, "content-type") ?? "";
  if (!/^application\/(?:[\w.+-]+\+)?json\b/i.test(type.trim())) {
    throw invalid("content-type", "must be application/json");
  }
  try {
    return JSON.parse(text);
  } catch {
    // Not V8's own text: it differs between Node lines, and the same request must give the same bytes.
    throw invalid("body", "is not valid JSON");
  }
}

/**
 * The query string, one value per name. A repeated name is the comma list of its values, so
 * `type=SALE&type=AUTH` (the form OpenAPI clients send for an array) means `type=SALE,AUTH`; a
 * parameter without a name is kept under `""` so that validation refuses it.
 */
export function readQuery(url: string): Record<string, string> {
  // Most requests have none: no null-prototype object to make and copy.
  return url.includes("?") ? { ...queryParams(url, "join") } : {};
}

/** What `details` calls a query parameter sent without a name (`?=1`). */
export const EMPTY_QUERY_NAME = "(empty name)";

/**
 * Validates the query against the operation's schema; an operation that declares none refuses
 * every parameter, the same way (400 naming each), so a typo never passes silently.
 */
export function parseQuery<T>(schema: z.ZodType<T> | undefined, raw: Record<string, string>): T | undefined {
  const names = Object.keys(raw);
  if (!schema) {
    if (names.length === 0) return undefined;
    throw new GatewayError("INVALID_REQUEST_DATA", { details: Object.fromEntries(names.map((k) => [k || EMPTY_QUERY_NAME, "is not a known field"])) });
  }
  const result = schema.safeParse(raw, WORDS);
  if (result.success) return result.data;
  const details = issueDetails(result.error.issues, "query", raw);
  if ("" in details) {
    details[EMPTY_QUERY_NAME] = details[""];
    delete details[""];
  }
  throw new GatewayError("INVALID_REQUEST_DATA", { details });
}

/**
 * Reads and validates an operation's body and query together: a request with a bad body and a bad
 * query parameter gets one 400 naming both. The raw body goes to the journal either way.
 */
export function readInput(c: Context<AppEnv>, op: Operation): { body: unknown; query: unknown; rawQuery: Record<string, string> } {
  const details: Record<string, string> = {};
  const collect = <T>(read: () => T): T | undefined => {
    try {
      return read();
    } catch (e) {
      if (!(e instanceof GatewayError) || e.code !== "INVALID_REQUEST_DATA" || !e.details) throw e;
      // defineProperty, not assignment: a field named `__proto__` stays a named field.
      for (const [k, v] of Object.entries(e.details)) Object.defineProperty(details, k, { value: v, enumerable: true, writable: true, configurable: true });
      return undefined;
    }
  };
  let body: unknown;
  if (op.body) {
    const schema = schemaOf(op.body);
    // Read before routing (app.ts), so validation awaits nothing.
    const facts = c.get("facts");
    const raw = collect(() => jsonOf(c, facts.bodyText ?? "", op.bodyOptional ?? false));
    facts.journalBody = raw;
    // Card numbers in free text are masked as the input is taken: every answer, view and export
    // then shows what the double stored (decisions: "card numbers in free-text fields").
    if (raw !== undefined) body = maskCardsDeep(collect(() => parseWith(schema, raw, "body")));
  }
  const rawQuery = readQuery(c.req.url);
  const query = collect(() => parseQuery(schemaOf(op.query), rawQuery));
  if (Object.keys(details).length > 0) throw new GatewayError("INVALID_REQUEST_DATA", { details: { ...details } });
  return { body, query, rawQuery };
}

/** Validates with zod; failures become 400 with `details` naming each bad field by dotted path. */
export function parseWith<T>(schema: z.ZodType<T>, value: unknown, root: "body" | "query"): T {
  // From a schema's second parse on, a valid input (the common case) is parsed without zod's
  // machinery (core/fast-parse.ts), and zod parses the rest, for its issues. The first parse is
  // zod's alone, without the code zod generates (PARSE_ONCE): the first payment of a start would
  // otherwise compile code of either kind before answering; later parses pay off generating it.
  const seen = fastParsers.get(schema);
  if (seen === undefined) fastParsers.set(schema, null);
  else {
    const out = (seen ?? fastParseOf(schema))(value);
    if (out !== MISS) return out as T;
  }
  const result = schema.safeParse(value, seen === undefined ? WORDS_ONCE : WORDS);
  if (result.success) return result.data;
  throw new GatewayError("INVALID_REQUEST_DATA", { details: issueDetails(result.error.issues, root, value) });
}

/**
 * The schemas parseWith has parsed: null after the first parse, then the fast parse (one that
 * leaves every input to zod when the schema has none). Schemas and code only, no world's state.
 */
const fastParsers = new WeakMap<object, ((value: unknown) => unknown) | null>();

function fastParseOf(schema: z.ZodType): (value: unknown) => unknown {
  const parse = fastParser(schema) ?? (() => MISS);
  fastParsers.set(schema, parse);
  return parse;
}

/**
 * zod issues -> `{ "dotted.path": "problem" }`; unknown keys are named one by one. A type issue
 * reads `input` (what was sent) at its path: absent is "is required", anything else says what the
 * field must be (zod leaves the value out of its issues unless asked to carry it).
 */
export function issueDetails(issues: readonly z.core.$ZodIssue[], root: string, input?: unknown): Record<string, string> {
  const details: Record<string, string> = Object.create(null);
  const put = (path: readonly PropertyKey[], message: string) => {
    // A key echoed back is masked like a value: an unknown key may be a card number.
    const key = path.length === 0 ? root : maskDigitRuns(path.map(String).join("."));
    if (!(key in details)) Object.defineProperty(details, key, { value: message, enumerable: true, writable: true });
  };
  for (const issue of issues) {
    if (issue.code === "unrecognized_keys") {
      for (const k of issue.keys) put([...issue.path, k], "is not a known field");
    } else if (issue.code === "invalid_type") {
      put(issue.path, valueAt(input, issue.path) === undefined ? "is required" : mustBe(issue.expected));
    } else {
      put(issue.path, issue.message);
    }
  }
  return { ...details };
}

/** The value sent at a zod path, undefined when absent (or when the path leaves the sent value). */
function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let v = input;
  for (const key of path) {
    if (v === null || typeof v !== "object" || !Object.hasOwn(v, key)) return undefined;
    v = (v as Record<PropertyKey, unknown>)[key];
  }
  return v;
}

/** What a field of the wrong type must be, in the words of the other `details` messages. */
const mustBe = (expected: string) => `must be ${typeWord(expected)}`;
