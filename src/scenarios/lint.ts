import { MAX_CONDITION_PATH, OPERATION_IDS } from "./schema.js";
import { pathProblem, requestShapes, type Block } from "./request-shape.js";
import { APPLIES, outcomeKeys, whereItApplies } from "./applies.js";
import { lintPatterns } from "./lint-patterns.js";

/**
 * Checks the zod schema cannot express, run on the raw data so every problem of a file comes at
 * once (issue 13): rule paths against the operation's request, outcomes against the operations
 * they can shape, nested condition maps, clashes; and warnings for rules that can never fire.
 * Defensive: any part may be malformed (zod reports that), this only looks at what it can read.
 */
export interface Finding {
  path: (string | number)[];
  message: string;
  severity: "error" | "warning";
  /** zod issues under this path are left out: this finding explains them better. */
  covers?: boolean;
  /** Point at the key rather than its value. */
  atKey?: boolean;
}

const OPERATORS = new Set(["eq", "ne", "gt", "gte", "lt", "lte", "in", "matches", "exists"]);
const BLOCKS = ["body", "query", "params", "headers"] as const;

const isObj = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

/** Every finding of a raw scenario document. */
export function lintScenario(data: unknown): Finding[] {
  const out: Finding[] = [];
  if (!isObj(data) || !Array.isArray(data.rules)) return out;
  const rules = data.rules as unknown[];
  rules.forEach((rule, i) => {
    if (!isObj(rule)) return;
    const at = ["rules", i] as (string | number)[];
    const ops = operationsOf(isObj(rule.when) ? rule.when.operation : undefined);
    if (isObj(rule.when)) lintWhen(rule.when, ops, [...at, "when"], out);
    if (isObj(rule.then)) lintThen(rule.then, ops, [...at, "then"], out);
  });
  lintNames(rules, out);
  lintShadowing(rules, out);
  lintPatterns(rules, out);
  return out;
}

/** The valid operation ids a rule names; `null` for "every operation". */
function operationsOf(op: unknown): string[] | null {
  if (op === undefined) return null;
  const list = Array.isArray(op) ? op : [op];
  return list.filter((o): o is string => typeof o === "string" && (OPERATION_IDS as readonly string[]).includes(o));
}

function lintWhen(when: Record<string, unknown>, ops: string[] | null, at: (string | number)[], out: Finding[]): void {
  // Every operation it names is unknown (reported on `operation`): there is no schema to check paths against.
  if (ops !== null && ops.length === 0) return;
  const shapes = requestShapes();
  for (const block of BLOCKS) {
    const conds = when[block];
    if (!isObj(conds)) continue;
    for (const [path, cond] of Object.entries(conds)) {
      const here = [...at, block, path];
      if (isObj(cond) && Object.keys(cond).length > 0 && !Object.keys(cond).some((k) => OPERATORS.has(k))) {
        const dotted = flatten(path, cond).slice(0, 3).join(", ");
        out.push({ path: here, severity: "error", covers: true, message: `is a nested map; conditions take dotted paths: write { ${dotted} }` });
        continue;
      }
      if (block === "headers") continue; // headers stay free: proxies and clients add their own
      if (path.length > MAX_CONDITION_PATH) continue; // the schema refuses it, without reading it
      const targets = ops === null ? ["*"] : ops;
      const problems = targets.map((op) => pathProblem(shapes.get(op)![block as Block], path));
      if (problems.every((p) => p !== null)) {
        const scope = ops === null ? "any operation" : ops.join(", ");
        out.push({ path: here, severity: "error", atKey: true, message: `${block}.${path} ${problems[0]!.replace("names no field of the request", `names no field of the ${block} of ${scope}`)}` });
      }
    }
  }
  if (typeof when.chance === "number" && when.chance === 0) out.push({ path: [...at, "chance"], severity: "warning", message: "chance: 0 never fires" });
  if (typeof when.nth === "number" && typeof when.times === "number" && when.nth > when.times) {
    out.push({ path: [...at, "nth"], severity: "warning", message: `nth: ${when.nth} is larger than times: ${when.times}; nth fires once, on matching request number ${when.nth}, so times never limits it (use times alone for "the first N")` });
  }
}

function flatten(prefix: string, v: unknown): string[] {
  if (!isObj(v) || Object.keys(v).length === 0 || Object.keys(v).some((k) => OPERATORS.has(k))) {
    const value = typeof v === "string" && /^[A-Za-z][\w .-]*$/.test(v) ? v : JSON.stringify(v);
    return [`${prefix}: ${value}`];
  }
  return Object.entries(v).flatMap(([k, w]) => flatten(`${prefix}.${k}`, w));
}

function lintThen(then: Record<string, unknown>, ops: string[] | null, at: (string | number)[], out: Finding[]): void {
  const primaries = ["approve", "decline", "error_result", "fail", "transport"].filter((k) => then[k] !== undefined);
  if (primaries.length > 1) {
    out.push({ path: [...at, primaries[1]!], severity: "error", atKey: true, message: `gives a second outcome: ${primaries.join(" and ")} clash; a rule gives at most one of approve, decline, error_result, fail, transport` });
  }
  for (const { key, path } of outcomeKeys(then)) {
    const applies = APPLIES[key];
    if (!applies) continue;
    const named = ops ?? [...OPERATION_IDS];
    const wrong = named.filter((op) => !applies.includes(op));
    if (wrong.length === 0) continue;
    const which = ops === null ? "a rule without when.operation (every operation)" : wrong.join(", ");
    out.push({ path: [...at, ...path], severity: "error", atKey: true, message: `${key} cannot apply to ${which}; it applies only to ${whereItApplies(key)}` });
  }
  const schedule = then.schedule;
  if (Array.isArray(schedule)) {
    schedule.forEach((s, j) => {
      if (isObj(s) && s.after !== undefined && typeof s.event === "string" && s.event !== "ach_return") {
        out.push({ path: [...at, "schedule", j, "after"], severity: "error", atKey: true, message: `is read by ach_return only; ${s.event} would ignore it` });
      }
      if (isObj(s) && s.in !== undefined && s.business_days !== undefined) {
        out.push({ path: [...at, "schedule", j, "business_days"], severity: "error", message: "give `in` or `business_days`, not both" });
      }
    });
  }
}

function lintNames(rules: unknown[], out: Finding[]): void {
  const seen = new Set<string>();
  rules.forEach((r, i) => {
    const name = isObj(r) && typeof r.name === "string" ? r.name : undefined;
    if (name === undefined) return;
    if (seen.has(name)) out.push({ path: ["rules", i, "name"], severity: "error", message: "is used by an earlier rule" });
    seen.add(name);
  });
}

/**
 * Rule j can never fire when an earlier rule i without a budget matches everything j matches: i's
 * conditions are a subset of j's (same operations or more, same clients or more). Indexed by
 * condition so a file of thousands of distinct rules is checked in linear time. A rule already
 * shadowed is not indexed (whatever it would shadow, its own shadow does too, earlier), and each
 * rule looks at most {@link SHADOW_CANDIDATES} earlier rules per condition: the warning is advice,
 * and a 20,000-rule file must load in well under a second (issue 21 item 12).
 */
const SHADOW_CANDIDATES = 256;

function lintShadowing(rules: unknown[], out: Finding[]): void {
  const budget = ["times", "nth", "every", "chance"];
  const byCondition = new Map<string, number[]>();
  const sizes: number[] = [];
  /** Rules without conditions, the first of each scope (operations, clients, per). */
  const unconditioned = new Map<string, number>();
  rules.forEach((rj, j) => {
    if (!isObj(rj) || !isObj(rj.when)) return;
    const when = rj.when;
    const conds = conditionKeys(when);
    const counts = new Map<number, number>();
    for (const c of conds) for (const i of (byCondition.get(c) ?? []).slice(0, SHADOW_CANDIDATES)) counts.set(i, (counts.get(i) ?? 0) + 1);
    // The same scope and the broadest one are always looked at; other scopes up to the cap.
    const scoped = [unconditioned.get(scopeOf(when)), unconditioned.get(scopeOf({ per: when.per })), unconditioned.get(scopeOf({}))];
    const others = [...unconditioned.values()].slice(0, SHADOW_CANDIDATES);
    const candidates = [...scoped.filter((i) => i !== undefined), ...others, ...[...counts].filter(([i, n]) => n === sizes[i]).map(([i]) => i)].sort((a, b) => a - b);
    const by = candidates.find((i) => broader((rules[i] as Record<string, Record<string, unknown>>).when!, when));
    if (by !== undefined) {
      const ri = rules[by] as Record<string, unknown>;
      const label = typeof ri.name === "string" ? `"${ri.name}"` : `rule ${by + 1}`;
      out.push({ path: ["rules", j], severity: "warning", message: `can never fire: the earlier ${label} matches every request this one matches and has no budget` });
      return;
    }
    if (budget.some((k) => when[k] !== undefined)) return;
    sizes[j] = conds.length;
    if (conds.length === 0 && !unconditioned.has(scopeOf(when))) unconditioned.set(scopeOf(when), j);
    for (const c of conds) {
      const list = byCondition.get(c);
      if (list) list.push(j);
      else byCondition.set(c, [j]);
    }
  });
}

/** Which requests a rule's `operation`, `client` and `per` let through, as one key. */
function scopeOf(when: Record<string, unknown>): string {
  const list = (v: unknown) => (v === undefined ? null : (Array.isArray(v) ? v : [v]).map(String).sort());
  return JSON.stringify([list(when.operation), list(when.client), when.per ?? null]);
}

function conditionKeys(when: Record<string, unknown>): string[] {
  return BLOCKS.flatMap((block) => (isObj(when[block]) ? Object.entries(when[block] as object).map(([p, c]) => `${block} ${p} ${JSON.stringify(c)}`) : []));
}

function broader(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const set = (v: unknown) => (v === undefined ? null : new Set((Array.isArray(v) ? v : [v]).map(String)));
  for (const key of ["operation", "client"]) {
    const sa = set(a[key]);
    const sb = set(b[key]);
    if (sa !== null && (sb === null || [...sb].some((x) => !sa.has(x)))) return false;
  }
  if (a.per !== undefined && a.per !== b.per) return false;
  return true;
}
