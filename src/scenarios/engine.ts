import { GatewayError } from "../core/errors.js";
import type { Prng } from "../core/random.js";
import type { QuirkName } from "../gateway/quirks.js";
import { conditionsHold, ruleTest, type RuleTest } from "./conditions.js";
import { fillGroups } from "./match.js";
import { unmetered, workFor } from "./pattern-work.js";
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
  /** `<scenario>/<rule>`, sent back in `x-paydouble-rule` (unless {@link readBack}). */
  label: string;
  outcome: Outcome;
  /**
   * A built-in approval that only sets the card type read back (`builtin/test cards read back as
   * CREDIT`): the answer is the gateway's ordinary approval, so it is not reported as shaped (no
   * header, journal `rule` null). Every other built-in magic value (a decline, a fault, a return)
   * changes the outcome and is reported as `builtin/<name>`.
   */
  readBack?: boolean;
}

export type ScenarioOrigin = "start" | "loaded" | "builtin";

export interface ActiveRule {
  label: string;
  /** See {@link Matched.readBack}. */
  readBack: boolean;
  name: string;
  rule: Rule;
  /** The rule's conditions, ready to test. */
  test: RuleTest;
  /** Requests whose conditions held, per budget key (`*` or a client id). */
  seen: Map<string, number>;
  /** Requests the rule shaped, per budget key. */
  fired: Map<string, number>;
  hits: number;
}

export interface ActiveScenario {
  file: ScenarioFile;
  origin: ScenarioOrigin;
  rules: ActiveRule[];
  /** False after `disable`: kept in its place, matched by nothing. */
  enabled: boolean;
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
  /** Counters the last `match()` moved, so {@link undoLastMatch} can put them back. */
  #touched: { rule: ActiveRule; key: string }[] = [];
  #firedBy: { rule: ActiveRule; key: string } | null = null;
  /** `chance` draws the last match made, and draws given back by an undo (used before new ones). */
  #drawn: number[] = [];
  #givenBack: number[] = [];

  constructor(private readonly init: EngineInit = { start: [], builtin: null, chance: () => 0 }) {
    this.reset();
  }

  /** The first rule that matches and whose budget allows it, or null. Counts the hit. */
  match(input: MatchInput): Matched | null {
    this.#touched.length = 0;
    this.#drawn.length = 0;
    this.#firedBy = null;
    // Listed and lower-cased once per request, and only if a rule reads headers.
    let lowered: Record<string, string> | undefined;
    const headers = () => (lowered ??= lowerCaseKeys(input.headers()));
    const groups: string[] = [];
    // One pattern budget for the request, shared with its near misses (pattern-work.ts).
    const metered = workFor(input);
    for (const scenario of this.#active) {
      if (!scenario.enabled) continue;
      const work = scenario.origin === "builtin" ? unmetered() : metered;
      for (const r of rulesFor(scenario, input.operation)) {
        const skipped = work.skipped;
        const held = conditionsHold(r.test, input, headers, groups, work);
        if (work.skipped !== skipped && work.skippedRules.length < 3) work.skippedRules.push(r.label);
        if (!held || !this.#budgetAllows(r, input)) continue;
        return { label: r.label, outcome: resolve(r.rule.then, groups), readBack: r.readBack };
      }
    }
    return null;
  }

  /** The active scenarios in precedence order with their rules' counters, read-only (explain, near-misses). */
  get active(): readonly Readonly<ActiveScenario>[] {
    return this.#active;
  }

  /**
   * Takes back what the last {@link match} counted (budgets, `nth`/`every` counts, hits, `chance`
   * draws): the request was rejected by the handler, and a rejected request never spends a budget.
   * Call it before any other request is matched (the pipeline does, in the same synchronous step).
   */
  undoLastMatch(): void {
    for (const { rule, key } of this.#touched) rule.seen.set(key, (rule.seen.get(key) ?? 1) - 1);
    if (this.#firedBy) {
      const { rule, key } = this.#firedBy;
      rule.fired.set(key, (rule.fired.get(key) ?? 1) - 1);
      rule.hits--;
    }
    this.#givenBack.unshift(...this.#drawn);
    this.#touched.length = 0;
    this.#drawn.length = 0;
    this.#firedBy = null;
  }

  /** Puts a file in front of the active set; a name already active is 409. */
  load(file: ScenarioFile, origin: ScenarioOrigin = "loaded"): void {
    if (this.#active.some((s) => s.file.name === file.name)) {
      throw new GatewayError("DUPLICATE_ACTION", {
        message: `A scenario named ${file.name} is already active; PUT /_mock/scenarios/${file.name} replaces it, DELETE /_mock/scenarios/${file.name} unloads it.`,
        details: { name: "is already active" },
      });
    }
    this.#active.unshift(activate(file, origin));
  }

  /** Unloads one active file by name (`DELETE /_mock/scenarios/{name}`); its origin, or null when none has it. */
  remove(name: string): ScenarioOrigin | null {
    const i = this.#active.findIndex((s) => s.file.name === name);
    if (i < 0) return null;
    const [gone] = this.#active.splice(i, 1);
    return gone!.origin;
  }

  /** Replaces the file of that name in its place: same precedence, counters at zero, enabled. */
  replace(file: ScenarioFile): boolean {
    const i = this.#active.findIndex((s) => s.file.name === file.name);
    if (i < 0) return false;
    this.#active[i] = activate(file, this.#active[i]!.origin);
    return true;
  }

  /** Switches one file off or back on, keeping its place and counters; false when none has that name. */
  setEnabled(name: string, enabled: boolean): boolean {
    const s = this.#active.find((a) => a.file.name === name);
    if (!s) return false;
    s.enabled = enabled;
    return true;
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
      enabled: s.enabled,
      rules: s.rules.map((r) => ({ name: r.name, label: r.label, hits: r.hits, spent: spent(r), when: r.rule.when, then: r.rule.then })),
    }));
  }

  /** Quirk switches of the active, enabled files, oldest first so a later load wins. */
  quirkOverrides(): Partial<Record<QuirkName, boolean>> {
    const out: Partial<Record<QuirkName, boolean>> = {};
    for (const s of [...this.#active].reverse()) if (s.enabled) Object.assign(out, s.file.quirks ?? {});
    return out;
  }

  #budgetAllows(r: ActiveRule, input: MatchInput): boolean {
    const w = r.rule.when;
    const key = w.per === "client" ? (input.clientId ?? "-") : "*";
    const seen = (r.seen.get(key) ?? 0) + 1;
    r.seen.set(key, seen);
    this.#touched.push({ rule: r, key });
    const fired = r.fired.get(key) ?? 0;
    if (w.times !== undefined && fired >= w.times) return false;
    if (w.nth !== undefined && seen !== w.nth) return false;
    if (w.every !== undefined && seen % w.every !== 0) return false;
    // Drawn only when everything else allowed the hit, so the stream depends on matches alone.
    if (w.chance !== undefined && !(this.#draw() < w.chance)) return false;
    r.fired.set(key, fired + 1);
    this.#firedBy = { rule: r, key };
    r.hits++;
    return true;
  }

  #draw(): number {
    const v = this.#givenBack.length > 0 ? this.#givenBack.shift()! : this.init.chance();
    this.#drawn.push(v);
    return v;
  }
}

/**
 * A file's rules that can meet an operation, in file order (those naming it and those naming no
 * operation), built on first use per operation: a request never walks the rules of other
 * operations, so 9,000 rules of one operation cost the others nothing (issue 21 item 12).
 */
const BY_OPERATION = new WeakMap<Readonly<ActiveScenario>, Map<string, readonly ActiveRule[]>>();

export function rulesFor(scenario: Readonly<ActiveScenario>, operation: string): readonly ActiveRule[] {
  let index = BY_OPERATION.get(scenario);
  if (!index) BY_OPERATION.set(scenario, (index = new Map()));
  let rules = index.get(operation);
  if (!rules) {
    rules = scenario.rules.filter(({ rule: { when } }) => when.operation === undefined || (Array.isArray(when.operation) ? when.operation : [when.operation]).includes(operation as never));
    index.set(operation, rules);
  }
  return rules;
}

function activate(file: ScenarioFile, origin: ScenarioOrigin): ActiveScenario {
  return {
    file,
    origin,
    enabled: true,
    rules: file.rules.map((rule, i) => {
      const name = rule.name ?? `rule-${i + 1}`;
      const readBack = origin === "builtin" && Object.keys(rule.then).every((k) => READ_BACK_ONLY.has(k));
      return { label: `${file.name}/${name}`, readBack, name, rule, test: ruleTest(rule), seen: new Map(), fired: new Map(), hits: 0 };
    }),
  };
}

/** What a built-in approval may say and still be the gateway's ordinary answer (the card type it reads back). */
const READ_BACK_ONLY = new Set(["approve", "card_type"]);

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

/**
 * A rule that can never fire again: its `times` budget is used up, or its `nth` match has passed.
 * A `per: client` budget is per client, so it is never spent for clients not seen yet.
 */
function spent(r: ActiveRule): boolean {
  const w = r.rule.when;
  if (w.per === "client") return false;
  return (w.times !== undefined && (r.fired.get("*") ?? 0) >= w.times) || (w.nth !== undefined && (r.seen.get("*") ?? 0) >= w.nth);
}
