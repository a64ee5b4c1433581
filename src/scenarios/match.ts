import { RE2JS } from "re2js";
import type { Condition } from "./schema.js";

/**
 * Conditions of a rule's `when` on one request: dotted paths into the body, query, headers or path
 * parameters; a scalar means `eq`, an operator object must hold for every operator it names.
 */

/** Dotted paths split once: the same few rule paths are walked on every request. */
const SEGMENTS = new Map<string, readonly string[]>();
const SEGMENTS_LIMIT = 10_000;

function segmentsOf(path: string): readonly string[] {
  let segs = SEGMENTS.get(path);
  if (!segs) {
    segs = path.split(".");
    // Paths come from loaded scenario files; a cap keeps a stream of distinct ones from growing it.
    if (SEGMENTS.size < SEGMENTS_LIMIT) SEGMENTS.set(path, segs);
  }
  return segs;
}

/** The value at a dotted path (`payment_method.pan`, `items.0.sku`), or undefined. */
export function valueAt(root: unknown, path: string): unknown {
  let v: unknown = root;
  for (const seg of segmentsOf(path)) {
    if (v === null || typeof v !== "object" || !Object.hasOwn(v, seg)) return undefined;
    v = (v as Record<string, unknown>)[seg];
  }
  return v;
}

/**
 * True when `value` satisfies `cond`. Capture groups of a `matches` operator are pushed to `groups`
 * (they fill `$1`..`$9` in the rule's outcome).
 */
export function holds(cond: Condition, value: unknown, groups: string[]): boolean {
  if (cond === null || typeof cond !== "object") return same(value, cond);
  if (cond.exists !== undefined && (value !== undefined) !== cond.exists) return false;
  if (cond.eq !== undefined && !same(value, cond.eq)) return false;
  if (cond.ne !== undefined && same(value, cond.ne)) return false;
  if (cond.in !== undefined && !cond.in.some((c) => same(value, c))) return false;
  const n = typeof value === "number" ? value : typeof value === "string" && value.trim() !== "" ? Number(value) : NaN;
  if (cond.gt !== undefined && !(n > cond.gt)) return false;
  if (cond.gte !== undefined && !(n >= cond.gte)) return false;
  if (cond.lt !== undefined && !(n < cond.lt)) return false;
  if (cond.lte !== undefined && !(n <= cond.lte)) return false;
  if (cond.matches !== undefined) {
    if (typeof value !== "string" && typeof value !== "number") return false;
    if (!matchGroups(cond.matches, String(value), groups)) return false;
  }
  return true;
}

/**
 * `matches` patterns run on RE2JS (linear time: no pattern can freeze the thread, issue 11 item 3),
 * compiled once: the loader compiles every pattern of a file ({@link compilePattern}) and a request
 * only looks it up. A cap keeps a stream of distinct files from growing the cache without bound;
 * past it a pattern is compiled per use (slower, still linear).
 */
interface Compiled {
  re: RE2JS;
  /** The literal text an anchored pattern must start with (`^4000` -> `4000`): a cheap first test. */
  prefix: string;
}

const PATTERNS = new Map<string, Compiled>();
const PATTERNS_LIMIT = 50_000;

/** The compiled pattern; throws RE2JS's syntax error for a pattern RE2 does not accept. */
export function compilePattern(source: string): Compiled {
  let c = PATTERNS.get(source);
  if (!c) {
    c = { re: RE2JS.compile(source), prefix: literalPrefix(source) };
    if (PATTERNS.size < PATTERNS_LIMIT) PATTERNS.set(source, c);
  }
  return c;
}

function literalPrefix(source: string): string {
  const m = /^\^([A-Za-z0-9 _\-:/@=,]*)/.exec(source);
  if (!m || source.includes("|")) return ""; // `^ab|cd`: the anchor binds to one branch only
  const lit = m[1]!;
  // A quantifier after the run applies to its last character, which is then not required.
  return /^[?*{]/.test(source.slice(1 + lit.length)) ? lit.slice(0, -1) : lit;
}

function matchGroups(source: string, text: string, groups: string[]): boolean {
  const { re, prefix } = compilePattern(source);
  if (prefix && !text.startsWith(prefix)) return false;
  const m = re.matcher(text);
  if (!m.find()) return false;
  if (groups.length === 0) for (let i = 1; i <= m.groupCount(); i++) groups.push(m.group(i) ?? "");
  return true;
}

/** Equality for matchers: numbers also equal their decimal text (query strings and headers are text). */
function same(value: unknown, expected: unknown): boolean {
  if (value === expected) return true;
  if (typeof expected === "number" && typeof value === "string") return value.trim() !== "" && Number(value) === expected;
  if (typeof expected === "string" && typeof value === "number") return String(value) === expected;
  return false;
}

/** Every condition of a block holds against `root` (headers are matched by lower-case name). */
export function allHold(block: Record<string, Condition> | undefined, root: unknown, groups: string[], lowerKeys = false): boolean {
  if (!block) return true;
  for (const [path, cond] of Object.entries(block)) {
    if (!holds(cond, valueAt(root, lowerKeys ? path.toLowerCase() : path), groups)) return false;
  }
  return true;
}

/** Replaces `$1`..`$9` in every string of a JSON value by the captured groups. */
export function fillGroups<T>(value: T, groups: readonly string[]): T {
  if (groups.length === 0) return value;
  if (typeof value === "string") return value.replace(/\$([1-9])/g, (_, i) => groups[Number(i) - 1] ?? "") as T;
  if (Array.isArray(value)) return value.map((v) => fillGroups(v, groups)) as T;
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fillGroups(v, groups)])) as T;
  }
  return value;
}
