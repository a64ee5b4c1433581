import { GatewayError } from "../core/errors.js";
import type { Prng } from "../core/random.js";
import type { QuirkName } from "../gateway/quirks.js";
import type { NearMiss } from "../gateway/journal.js";
import { checkRule } from "./explain.js";
import { allHold, fillGroups } from "./match.js";
import type { Rule, ScenarioFile, ScheduleEntry, Then } from "./schema.js";

/**
 * The scenario engine: match plus effect (DESIGN rule 9). It is pure in what it does to the world:
 * given a request it returns the first matching rule's outcome (or null) and only counts hits; the
 * HTTP pipeline (generic outcomes) and the services (payment outcomes) apply it.
 *
 * Precedence: later loads go in front; within a file, rules keep their order; the built-in magic
 * values come last. `reset()` brings back the start set with fresh counters.
 */
export interface MatchInput {
  operation: string;
  /** The client the request acts for (after `X-Acting-As-Client-Id`). */
  clientId: string | null;
  /** The raw JSON body as sent (undefined for GET). */
  body: unknown;
  query: Record<string, string>;
  /** Request headers by lower-case name (a call: most requests meet no rule that reads them). */
  headers: () => Record<string, string>;
  /** Path parameters (`clientId`, `id`, ...). */
  params?: Record<string, string>;
}

/** A schedule entry with capture references resolved: `business_days` is a number. */
export type OutcomeSchedule = Omit<ScheduleEntry, "business_days"> & { business_days?: number };

/**
 * What a matched rule asks for: the file's `then` block with `$1`..`$9` filled in. Exactly one
 * primary (`approve` when none is given) plus any modifiers.
 */
export type Outcome = Omit<Then, "schedule"> & { schedule?: OutcomeSchedule[] };

export interface Matched {
  /** `<scenario>/<rule>`, sent back in `x-paydouble-rule`. */
  label: string;
  outcome: Outcome;
}

/** Which rule would match a request and why the closest others do not (`POST /_mock/scenarios/explain`). */
export interface Explanation {
  /** `<scenario>/<rule>` that would shape the request, or null (the default behaviour answers). */
  matched: string | null;
  near_misses: NearMiss[];
}

/** At most this many near-misses per request: the closest first. */
const NEAR_MISS_LIMIT = 3;

export type ScenarioOrigin = "start" | "loaded" | "builtin";

interface ActiveRule {
  label: string;
  name: string;
  rule: Rule;
  /** Requests whose conditions held, per budget key (`*` or a client id). */
  seen: Map<string, number>;
  /** Requests the rule shaped, per budget key. */
  fired: Map<string, number>;
  hits: number;
}

interface ActiveScenario {
  file: ScenarioFile;
  origin: ScenarioOrigin;
  rules: ActiveRule[];
}

export interface EngineInit {
  /** Files given at the world's creation, in load order (a later one goes in front). */
  start: readonly ScenarioFile[];
  /** The built-in magic values, or null when switched off. */
  builtin: ScenarioFile | null;
  /** The world's own stream for `chance` budgets. */
  chance: Prng;
}

export class ScenarioEngine {
  #active: ActiveScenario[] = [];

  constructor(private readonly init: EngineInit = { start: [], builtin: null, chance: () => 0 }) {
    this.reset();
  }

  /** The first rule that matches and whose budget allows it, or null. Counts the hit. */
  match(input: MatchInput): Matched | null {
    for (const scenario of this.#active) {
      for (const r of scenario.rules) {
        const groups = conditionsHold(r.rule, input);
        if (!groups || !this.#budgetAllows(r, input)) continue;
        return { label: r.label, outcome: resolve(r.rule.then, groups) };
      }
    }
    return null;
  }

  /**
   * Which rule {@link match} would pick, and for the closest rules before it that would not, the
   * first condition that failed (or the spent budget). Changes nothing: no hit, no budget, no draw.
   * "Closest" means the most conditions held; a rule for another operation is never near. The
   * built-in magic values are left out unless `builtin` (each is one card number: all noise).
   */
  explain(input: MatchInput, builtin = false): Explanation {
    const misses: (NearMiss & { held: number })[] = [];
    let matched: string | null = null;
    outer: for (const scenario of this.#active) {
      if (scenario.origin === "builtin" && !builtin) continue;
      for (const r of scenario.rules) {
        const check = checkRule(r.rule, input);
        if (!check) continue;
        const reason = check.failure ?? this.#budgetRefusal(r, input);
        if (reason === null) {
          matched = r.label;
          break outer;
        }
        if (check.held > 0 || check.failure === null) misses.push({ rule: r.label, reason, held: check.held });
      }
    }
    misses.sort((a, b) => b.held - a.held);
    return { matched, near_misses: misses.slice(0, NEAR_MISS_LIMIT).map(({ rule, reason }) => ({ rule, reason })) };
  }

  /** True when a file other than the built-in values is active: only then are near-misses worth looking for. */
  hasOwnRules(): boolean {
    return this.#active.some((s) => s.origin !== "builtin" && s.rules.length > 0);
  }

  /** Puts a file in front of the active set; a name already active is 409. */
  load(file: ScenarioFile, origin: ScenarioOrigin = "loaded"): void {
    if (this.#active.some((s) => s.file.name === file.name)) {
      throw new GatewayError("DUPLICATE_ACTION", {
        message: `A scenario named ${file.name} is already active; DELETE /_mock/scenarios restores the start set.`,
        details: { name: "is already active" },
      });
    }
    this.#active.unshift(activate(file, origin));
  }

  /** Back to the start set (start files and the built-in values), every counter at zero. */
  reset(): void {
    this.#active = [];
    for (const file of this.init.start) this.load(file, "start");
    if (this.init.builtin) this.#active.push(activate(this.init.builtin, "builtin"));
  }

  /** Active scenarios in precedence order, with rule hit counts (`GET /_mock/scenarios`). */
  list() {
    return this.#active.map((s) => ({
      name: s.file.name,
      description: s.file.description ?? null,
      origin: s.origin,
      rules: s.rules.map((r) => ({ name: r.name, label: r.label, hits: r.hits, when: r.rule.when, then: r.rule.then })),
    }));
  }

  /** Quirk switches of the active files, oldest first so a later load wins. */
  quirkOverrides(): Partial<Record<QuirkName, boolean>> {
    const out: Partial<Record<QuirkName, boolean>> = {};
    for (const s of [...this.#active].reverse()) Object.assign(out, s.file.quirks ?? {});
    return out;
  }

  /** Why the budget would refuse the next hit (read only: mirrors {@link #budgetAllows}); null when it allows. */
  #budgetRefusal(r: ActiveRule, input: MatchInput): string | null {
    const w = r.rule.when;
    const key = w.per === "client" ? (input.clientId ?? "-") : "*";
    const seen = (r.seen.get(key) ?? 0) + 1;
    const fired = r.fired.get(key) ?? 0;
    if (w.times !== undefined && fired >= w.times) return `budget times: ${w.times} spent`;
    if (w.nth !== undefined && seen !== w.nth) return `budget nth: ${w.nth}, this would be match ${seen}`;
    if (w.every !== undefined && seen % w.every !== 0) return `budget every: ${w.every}, this would be match ${seen}`;
    return null;
  }

  #budgetAllows(r: ActiveRule, input: MatchInput): boolean {
    const w = r.rule.when;
    const key = w.per === "client" ? (input.clientId ?? "-") : "*";
    const seen = (r.seen.get(key) ?? 0) + 1;
    r.seen.set(key, seen);
    const fired = r.fired.get(key) ?? 0;
    if (w.times !== undefined && fired >= w.times) return false;
    if (w.nth !== undefined && seen !== w.nth) return false;
    if (w.every !== undefined && seen % w.every !== 0) return false;
    // Drawn only when everything else allowed the hit, so the stream depends on matches alone.
    if (w.chance !== undefined && !(this.init.chance() < w.chance)) return false;
    r.fired.set(key, fired + 1);
    r.hits++;
    return true;
  }
}

function activate(file: ScenarioFile, origin: ScenarioOrigin): ActiveScenario {
  return {
    file,
    origin,
    rules: file.rules.map((rule, i) => {
      const name = rule.name ?? `rule-${i + 1}`;
      return { label: `${file.name}/${name}`, name, rule, seen: new Map(), fired: new Map(), hits: 0 };
    }),
  };
}

/** The captured groups (possibly none) when every condition holds; null otherwise. */
function conditionsHold(rule: Rule, input: MatchInput): string[] | null {
  const w = rule.when;
  if (w.operation !== undefined && !(Array.isArray(w.operation) ? w.operation : [w.operation]).includes(input.operation as never)) {
    return null;
  }
  if (w.client !== undefined && !(Array.isArray(w.client) ? w.client : [w.client]).includes(input.clientId ?? "")) return null;
  const groups: string[] = [];
  if (!allHold(w.body, input.body, groups)) return null;
  if (!allHold(w.query, input.query, groups)) return null;
  // Lower-cased only for a rule that reads headers: most do not, and this runs per rule per request.
  if (w.headers && !allHold(w.headers, lowerCaseKeys(input.headers()), groups, true)) return null;
  if (!allHold(w.params, input.params ?? {}, groups)) return null;
  return groups;
}

function resolve(then: Then, groups: string[]): Outcome {
  const filled = fillGroups(then, groups);
  if (!filled.schedule) return filled as Outcome;
  return {
    ...filled,
    schedule: filled.schedule.map(({ business_days, ...s }) =>
      business_days === undefined ? s : { ...s, business_days: Number(business_days) },
    ),
  };
}

function lowerCaseKeys(h: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(h).map(([k, v]) => [k.toLowerCase(), v]));
}
