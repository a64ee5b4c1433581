import { maskDeep } from "../core/mask.js";
import { rulesFor, type ActiveRule, type ActiveScenario, type MatchInput, type Outcome } from "./engine.js";
import { fillGroups, holds, valueOf, type Check } from "./match.js";
import { skippedText, unmetered, workFor, type PatternWork } from "./pattern-work.js";
import type { Condition, Then } from "./schema.js";

/**
 * Why rules did or did not match a request, like WireMock's near-misses: for each rule, the first
 * condition that failed, with the rules ranked by how many of their conditions held. The same
 * evaluation serves the journal (after the engine answered a request) and `POST
 * /_mock/scenarios/explain` (before, changing nothing). Conditions are checked with the engine's own
 * `holds` and `valueAt` (match.ts), in the engine's order.
 *
 * The built-in magic values are never near misses: every ordinary payment would "nearly" hit a
 * dozen of them. They still count as a match.
 */

/** A rule that did not match, and the first of its conditions that failed. */
export interface NearMiss {
  /** `<scenario>/<rule>`. */
  rule: string;
  /** `body.amount: wanted gte 1000, got 999`, `budget times: 1 spent`, ... */
  reason: string;
}

export interface Explanation {
  /** The rule the request would meet; `chance` is set when that depends on a draw (assumed to succeed). */
  matched: { rule: string; outcome: Outcome; chance?: number } | null;
  near_misses: NearMiss[];
}

/** How many near misses an entry or an explanation lists. */
export const NEAR_MISS_LIMIT = 3;
/**
 * How many rules ahead of the matched one a request's near misses are looked for among: the
 * journal's advice must not cost every request of a world with 9,000 rules 9,000 evaluations
 * (issue 21 item 12). `POST /_mock/scenarios/explain` looks at every rule.
 */
export const NEAR_MISS_SCAN = 200;
/** The same for rules of other operations, listed only when no rule of this one is ahead. */
const OTHER_OPERATION_SCAN = 30;

const NONE: readonly PendingNearMiss[] = Object.freeze([]);

/**
 * `answered`: the engine has just matched this request, so the counters include it and a `chance`
 * draw already happened; `explain`: nothing happened yet, counters are read as if this request came
 * next and no `chance` draw is made.
 */
type Mode = "answered" | "explain";

interface Verdict {
  label: string;
  /** Conditions that held (the budget counts as one). */
  held: number;
  operationHeld: boolean;
  /** The first failure, formatted only for the rules that are shown; null when the rule matches. */
  failure: (() => string) | null;
  /**
   * The first failure is a pattern the request's budget did not let run (pattern-work.ts): the
   * rule might have matched, so it is shown first, never left out silently.
   */
  skipped: boolean;
  groups: string[];
}

/** A near miss whose reason is formatted when first read (the journal formats it on read, like it masks). */
export interface PendingNearMiss {
  rule: string;
  reason: () => string;
}

/**
 * Near misses of a request the engine just answered (`matched`: its label or null): the loaded and
 * start rules ahead of the matched one. Free when only the built-in values are active. Ranked now
 * (a budget reason needs the counters as this request left them); the texts are built on read.
 */
export function nearMisses(active: readonly Readonly<ActiveScenario>[], input: MatchInput, matched: string | null): readonly PendingNearMiss[] {
  if (active.length === 0 || active[0].origin === "builtin") return NONE;
  const verdicts: Verdict[] = [];
  const headers = headerReader(input);
  const work = workFor(input);
  // Rules the engine could not fully test (a pattern past the budget) are shown wherever they are,
  // even past the scan below: their verdicts are the engine's, remembered (no pattern runs again).
  if (work.skipped > 0) {
    const labels = new Set(work.skippedRules);
    for (const scenario of active) for (const r of scenario.origin === "builtin" ? [] : scenario.rules) if (labels.has(r.label)) verdicts.push(evaluate(r, input, "answered", headers, work));
  }
  const seen = verdicts.length;
  // This operation's rules (the engine's index) first; rules naming another operation are ranked
  // only when none of this one is ahead (rank), so they are evaluated only then, and fewer.
  for (const scenario of active) {
    if (scenario.origin === "builtin") break;
    if (!scenario.enabled) continue;
    for (const r of rulesFor(scenario, input.operation)) {
      if (r.label === matched || verdicts.length === NEAR_MISS_SCAN + seen) return pending(verdicts);
      if (seen === 0 || !work.skippedRules.includes(r.label)) verdicts.push(evaluate(r, input, "answered", headers, work));
    }
  }
  if (verdicts.length > 0) return pending(verdicts);
  for (const scenario of active) {
    if (scenario.origin === "builtin") break;
    if (!scenario.enabled) continue;
    for (const r of scenario.rules) {
      if (r.label === matched || verdicts.length === OTHER_OPERATION_SCAN) return pending(verdicts);
      verdicts.push(evaluate(r, input, "answered", headers, work));
    }
  }
  return pending(verdicts);
}

/** Which rule a request would meet and why the ones ahead of it would not; reads counters, changes nothing. */
export function explain(active: readonly Readonly<ActiveScenario>[], input: MatchInput): Explanation {
  const verdicts: Verdict[] = [];
  const headers = headerReader(input);
  const metered = workFor(input);
  for (const scenario of active) {
    if (!scenario.enabled) continue; // switched off: /v1 matching passes it over too
    // Metered as on /v1: the built-in values are not (pattern-work.ts).
    const work = scenario.origin === "builtin" ? unmetered() : metered;
    for (const r of scenario.rules) {
      const v = evaluate(r, input, "explain", headers, work);
      if (v.failure === null) {
        const outcome = resolve(r.rule.then, v.groups);
        const chance = r.rule.when.chance;
        return { matched: chance === undefined ? { rule: r.label, outcome } : { rule: r.label, outcome, chance }, near_misses: formatted(verdicts) };
      }
      if (scenario.origin !== "builtin") verdicts.push(v);
    }
  }
  return { matched: null, near_misses: formatted(verdicts) };
}

const formatted = (verdicts: Verdict[]): NearMiss[] => rank(verdicts).map((v) => ({ rule: v.label, reason: v.failure!() }));

function pending(verdicts: Verdict[]): readonly PendingNearMiss[] {
  if (verdicts.length === 0) return NONE;
  return rank(verdicts).map((v) => ({ rule: v.label, reason: v.failure! }));
}

/** Closest first; rules naming another operation only when no rule of this one came close. */
function rank(verdicts: Verdict[]): Verdict[] {
  const same = verdicts.filter((v) => v.operationHeld);
  const pool = same.length > 0 ? same : verdicts;
  // Array.prototype.sort is stable: equal counts keep precedence order. A rule whose pattern was
  // not run comes first: it might have matched, and the caller must learn why it did not.
  return pool.sort((a, b) => Number(b.skipped) - Number(a.skipped) || b.held - a.held).slice(0, NEAR_MISS_LIMIT);
}

function evaluate(r: Readonly<ActiveRule>, input: MatchInput, mode: Mode, headers: () => Record<string, string>, work: PatternWork): Verdict {
  const w = r.rule.when;
  const t = r.test;
  const v: Verdict = { label: r.label, held: 0, operationHeld: true, failure: null, skipped: false, groups: [] };
  if (w.operation !== undefined) {
    const wanted: readonly string[] = Array.isArray(w.operation) ? w.operation : [w.operation];
    if (wanted.includes(input.operation)) v.held++;
    else {
      v.operationHeld = false;
      v.failure ??= () => `operation: wanted ${oneOf(wanted)}, got ${input.operation}`;
    }
  }
  if (w.client !== undefined) {
    const wanted: readonly string[] = Array.isArray(w.client) ? w.client : [w.client];
    if (wanted.includes(input.clientId ?? "")) v.held++;
    else v.failure ??= () => `client: wanted ${oneOf(wanted)}, got ${input.clientId ?? "none"}`;
  }
  // The engine's own checks (conditions.ts): the same order, and the same keys for remembered runs.
  if (w.body) check(v, "body", t.body, input.body, work);
  if (w.query) check(v, "query", t.query, input.query, work);
  if (t.headers) check(v, "headers", t.headers, headers(), work);
  if (w.params) check(v, "params", t.params, input.params ?? {}, work);
  const hasBudget = w.times !== undefined || w.nth !== undefined || w.every !== undefined || w.chance !== undefined;
  if (hasBudget && v.failure === null) {
    const refused = budgetRefusal(r, input, mode);
    if (refused === null) v.held++;
    else v.failure = () => refused;
  }
  return v;
}

function check(v: Verdict, block: string, checks: readonly Check[], root: unknown, work: PatternWork): void {
  for (const c of checks) {
    const value = valueOf(root, c);
    if (holds(c.cond, value, v.groups, c, work)) {
      v.held++;
      continue;
    }
    if (v.failure !== null) continue;
    const key = c.segs.join(".");
    const run = work.runs?.get(c);
    if (run && "skipped" in run) {
      const pattern = (c.cond as { matches: string }).matches;
      v.skipped = true;
      v.failure = () => `${block}.${key}: ${skippedText(pattern, run.skipped)}`;
    } else v.failure = () => `${block}.${key}: wanted ${wantedText(key, c.cond, value)}, got ${shown(key, value)}`;
  }
}

/**
 * The first operator of a condition that fails on `value`, in the order `holds` checks them.
 * `matches` comes last and is never run again here: reached, it is the one that failed.
 */
function wantedText(path: string, cond: Condition, value: unknown): string {
  if (cond === null || typeof cond !== "object") return shown(path, cond);
  for (const op of ["exists", "eq", "ne", "in", "gt", "gte", "lt", "lte", "matches"] as const) {
    if (cond[op] === undefined) continue;
    if (op === "matches" || !holds({ [op]: cond[op] } as Condition, value, [])) return `${op} ${shown(path, cond[op])}`;
  }
  return shown(path, cond);
}

function budgetRefusal(r: Readonly<ActiveRule>, input: MatchInput, mode: Mode): string | null {
  const w = r.rule.when;
  const key = w.per === "client" ? (input.clientId ?? "-") : "*";
  const per = w.per === "client" ? ` for client ${key}` : "";
  const fired = r.fired.get(key) ?? 0;
  const seen = (r.seen.get(key) ?? 0) + (mode === "explain" ? 1 : 0);
  const was = mode === "explain" ? "would be" : "was";
  if (w.times !== undefined && fired >= w.times) return `budget times: ${w.times} spent${per}`;
  if (w.nth !== undefined && seen !== w.nth) return `budget nth: ${w.nth}, this ${was} match ${seen}${per}`;
  if (w.every !== undefined && seen % w.every !== 0) return `budget every: ${w.every}, this ${was} match ${seen}${per}`;
  // Answered: everything else allowed the hit, so the draw refused it. Explain draws nothing.
  if (mode === "answered") return w.chance !== undefined ? `budget chance: ${w.chance}, not drawn this time` : "budget: refused";
  return null;
}

/** A value as a reason shows it: JSON, masked as the journal masks it (by the path's last key), kept short. */
function shown(path: string, value: unknown): string {
  if (value === undefined) return "nothing";
  const key = path.slice(path.lastIndexOf(".") + 1);
  const text = JSON.stringify((maskDeep({ [key]: value }) as Record<string, unknown>)[key]) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

const oneOf = (names: readonly string[]) => (names.length === 1 ? names[0] : `one of ${names.join(", ")}`);

function headerReader(input: MatchInput): () => Record<string, string> {
  let lowered: Record<string, string> | undefined;
  return () => (lowered ??= Object.fromEntries(Object.entries(input.headers()).map(([k, v]) => [k.toLowerCase(), v])));
}

/** The rule's `then` with `$1`..`$9` filled, as the engine resolves it. */
function resolve(then: Then, groups: string[]): Outcome {
  const filled = fillGroups(then, groups);
  if (!filled.schedule) return filled as Outcome;
  const schedule = filled.schedule.map(({ business_days, ...s }) => (business_days === undefined ? s : { ...s, business_days: Number(business_days) }));
  return { ...filled, schedule };
}
