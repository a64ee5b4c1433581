import { RE2JS } from "re2js";
import { metered, spent, type PatternWork } from "./pattern-work.js";
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
  return walk(root, segmentsOf(path));
}

/** The value a check reads in `root`. */
export function valueOf(root: unknown, check: Check): unknown {
  return walk(root, check.segs);
}

function walk(root: unknown, segs: readonly string[]): unknown {
  let v: unknown = root;
  for (const seg of segs) {
    if (v === null || typeof v !== "object" || !Object.hasOwn(v, seg)) return undefined;
    v = (v as Record<string, unknown>)[seg];
  }
  return v;
}

/**
 * True when `value` satisfies `cond`. Capture groups of a `matches` operator are pushed to `groups`
 * (they fill `$1`..`$9` in the rule's outcome). `check`: where that operator's compiled pattern is
 * kept (a {@link Check}), filled the first time a value reaches it; looked up by its text otherwise.
 * `work`: the request's pattern budget ({@link PatternWork}); a call given none gets its own.
 */
export function holds(cond: Condition, value: unknown, groups: string[], check?: Check, work: PatternWork = metered()): boolean {
  if (cond === null || typeof cond !== "object") return same(value, cond);
  if (cond.exists !== undefined && (value !== undefined) !== cond.exists) return false;
  if (cond.eq !== undefined && !same(value, cond.eq)) return false;
  if (cond.ne !== undefined && same(value, cond.ne)) return false;
  if (cond.in !== undefined && !cond.in.some((c) => same(value, c))) return false;
  if (cond.gt !== undefined || cond.gte !== undefined || cond.lt !== undefined || cond.lte !== undefined) {
    const n = typeof value === "number" ? value : typeof value === "string" && value.trim() !== "" ? Number(value) : NaN;
    if (cond.gt !== undefined && !(n > cond.gt)) return false;
    if (cond.gte !== undefined && !(n >= cond.gte)) return false;
    if (cond.lt !== undefined && !(n < cond.lt)) return false;
    if (cond.lte !== undefined && !(n <= cond.lte)) return false;
  }
  if (cond.matches !== undefined) {
    if (typeof value !== "string" && typeof value !== "number") return false;
    const pattern = check ? (check.pattern ??= compilePattern(cond.matches)) : compilePattern(cond.matches);
    if (!matchGroups(pattern, String(value), groups, work, check)) return false;
  }
  return true;
}

/**
 * `matches` patterns run on RE2JS (linear time: no pattern can freeze the thread, issue 11 item 3),
 * compiled once: the loader compiles every pattern of a file ({@link compilePattern}) and a request
 * only looks it up. A cap keeps a stream of distinct files from growing the cache without bound;
 * past it a pattern is compiled per use (slower, still linear).
 */
export interface Compiled {
  re: RE2JS;
  /** The literal text an anchored pattern must start with (`^4000` -> `4000`): a cheap first test. */
  prefix: string;
  /** RE2 instructions of its program: what a run costs per character (pattern-work.ts). */
  size: number;
  /**
   * The literal text an unanchored pattern starts with (`Zz12_(\d+)` -> `Zz12_`): RE2JS looks for
   * it before running its program, so on a text without it a run costs a scan, not the program.
   */
  needs: string;
}

const PATTERNS = new Map<string, Compiled>();
const PATTERNS_LIMIT = 50_000;
/**
 * The cache also stops at this many instructions in all (about 80 bytes each, 40 MB): a stream of
 * files with distinct large patterns, refused or unloaded, must not grow it to gigabytes.
 */
const PATTERNS_INSTRUCTIONS = 500_000;
const cached = { instructions: 0 };

/** The compiled pattern; throws RE2JS's syntax error for a pattern RE2 does not accept. */
export function compilePattern(source: string): Compiled {
  let c = PATTERNS.get(source);
  if (!c) {
    const re = RE2JS.compile(source);
    const prefix = literalPrefix(source);
    c = { re, prefix, size: re.programSize(), needs: source.startsWith("^") ? "" : literalPrefix(`^${source}`) };
    if (PATTERNS.size < PATTERNS_LIMIT && cached.instructions + c.size <= PATTERNS_INSTRUCTIONS) {
      PATTERNS.set(source, c);
      cached.instructions += c.size;
    }
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

function matchGroups({ re, prefix, size, needs }: Compiled, text: string, groups: string[], work: PatternWork, check?: Check): boolean {
  if (prefix && !text.startsWith(prefix)) return false;
  const key = check ?? null;
  const before = key && work.runs?.get(key);
  if (before) {
    if ("skipped" in before || !before.held) return false;
    if (groups.length > 0 || re.groupCount() === 0) return true;
    if (before.groups) {
      groups.push(...before.groups);
      return true;
    }
  }
  const cost = needs && !text.includes(needs) ? text.length + 1 : size * (text.length + 1);
  // `test` runs RE2's DFA without building a Matcher, several times cheaper: a request meets every
  // non-matching pattern of its operation (9,000 rules, issue 21 item 12). The Matcher, for the
  // groups, is built only for a pattern that matched and whose groups the rule can still use.
  if (!before) {
    if (!spend(work, key, cost, size, text)) return false;
    const held = re.test(text);
    if (!held || groups.length > 0 || re.groupCount() === 0) {
      if (key) work.runs?.set(key, { held });
      return held;
    }
  }
  // The Matcher runs the pattern again: charged again.
  if (!spend(work, key, cost, size, text)) return false;
  const m = re.matcher(text);
  m.find();
  for (let i = 1; i <= m.groupCount(); i++) groups.push(m.group(i) ?? "");
  if (key) work.runs?.set(key, { held: true, groups: groups.slice() });
  return true;
}

/** Takes `cost` steps from the request's budget, or records the run as skipped and says no. */
function spend(work: PatternWork, key: object | null, cost: number, instructions: number, text: string): boolean {
  spent(work);
  if (cost <= work.left) {
    work.left -= cost;
    return true;
  }
  work.skipped++;
  if (key) work.runs?.set(key, { skipped: { instructions, characters: text.length, left: work.left } });
  return false;
}

/** Equality for matchers: numbers also equal their decimal text (query strings and headers are text). */
function same(value: unknown, expected: unknown): boolean {
  if (value === expected) return true;
  if (typeof expected === "number" && typeof value === "string") return value.trim() !== "" && Number(value) === expected;
  if (typeof expected === "string" && typeof value === "number") return String(value) === expected;
  return false;
}

/**
 * One condition of a block ready to test: its path split; its `matches` pattern compiled when a
 * value first reaches it, not when the rule is loaded: the built-in rules' two patterns (ACH account
 * numbers) cost a start RE2JS's first compile, several ms, that a card payment never needs.
 */
export interface Check {
  segs: readonly string[];
  cond: Condition;
  pattern?: Compiled;
}

/** A block's conditions as checks, in the block's order (headers by lower-case name). */
export function checksOf(block: Record<string, Condition>, lowerKeys = false): Check[] {
  return Object.entries(block).map(([path, cond]) => ({ segs: (lowerKeys ? path.toLowerCase() : path).split("."), cond }));
}

/** Every check holds against `root`. */
export function allHold(checks: readonly Check[], root: unknown, groups: string[], work: PatternWork): boolean {
  for (const c of checks) if (!holds(c.cond, walk(root, c.segs), groups, c, work)) return false;
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
