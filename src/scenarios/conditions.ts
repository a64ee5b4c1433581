import { allHold, checksOf, type Check } from "./match.js";
import type { PatternWork } from "./pattern-work.js";
import type { Rule } from "./schema.js";
import type { MatchInput } from "./engine.js";

/**
 * A rule's `when` made ready once, when its file is activated: operation and client lists as sets,
 * every condition's path split and pattern compiled. The engine tries every rule of a request's
 * operation on every request; reading the `when` afresh each time (listing its blocks, splitting
 * paths, looking patterns up by text) cost far more than testing 9,000 short patterns (issue 21
 * item 12). Shared by every world that activates the same parsed rule.
 */
export interface RuleTest {
  clients: ReadonlySet<string> | null;
  body: readonly Check[];
  query: readonly Check[];
  /** Null for a rule that reads no header: the request's headers are then never listed. */
  headers: readonly Check[] | null;
  params: readonly Check[];
}

const TESTS = new WeakMap<Rule, RuleTest>();
const NONE: readonly Check[] = Object.freeze([]);

export function ruleTest(rule: Rule): RuleTest {
  let t = TESTS.get(rule);
  if (!t) {
    const w = rule.when;
    t = {
      clients: w.client === undefined ? null : new Set(Array.isArray(w.client) ? w.client : [w.client]),
      body: w.body ? checksOf(w.body) : NONE,
      query: w.query ? checksOf(w.query) : NONE,
      headers: w.headers ? checksOf(w.headers, true) : null,
      params: w.params ? checksOf(w.params) : NONE,
    };
    TESTS.set(rule, t);
  }
  return t;
}

/**
 * True when every condition holds, with the captured groups in `groups` (emptied first: the engine
 * passes one array for all the rules a request tries). The operation is not looked at: the engine
 * only offers a rule to requests of the operations it names (`rulesFor`). `work`: the request's
 * pattern budget (pattern-work.ts).
 */
export function conditionsHold(t: RuleTest, input: MatchInput, headers: () => Record<string, string>, groups: string[], work: PatternWork): boolean {
  if (t.clients !== null && !t.clients.has(input.clientId ?? "")) return false;
  if (groups.length > 0) groups.length = 0; // setting length is a builtin call, even to its value
  return (
    allHold(t.body, input.body, groups, work) &&
    allHold(t.query, input.query, groups, work) &&
    (t.headers === null || allHold(t.headers, headers(), groups, work)) &&
    allHold(t.params, input.params ?? {}, groups, work)
  );
}
