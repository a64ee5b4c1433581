import { maskDeep } from "../core/mask.js";
import type { MatchInput } from "./engine.js";
import { holds, valueAt } from "./match.js";
import type { Condition, Rule } from "./schema.js";

/** How far a rule's conditions got on one request: how many held, and the first that did not. */
export interface RuleCheck {
  held: number;
  /** `body.amount: wanted gte 1000, got 999`; null when every condition held. */
  failure: string | null;
}

const BLOCKS = ["body", "query", "headers", "params"] as const;

/**
 * Checks a rule's conditions one by one, for explanations (near-misses, `POST /_mock/scenarios/explain`).
 * Null when the rule is for another operation: such a rule is not "near". Pure: no counter moves.
 * The value a request sent is masked in the reason, as everywhere else secrets are shown.
 */
export function checkRule(rule: Rule, input: MatchInput): RuleCheck | null {
  const w = rule.when;
  if (w.operation !== undefined && !(Array.isArray(w.operation) ? w.operation : [w.operation]).includes(input.operation as never)) return null;
  let held = 0;
  let failure: string | null = null;
  if (w.client !== undefined) {
    const clients = Array.isArray(w.client) ? w.client : [w.client];
    if (clients.includes(input.clientId ?? "")) held++;
    else failure = `client: wanted ${clients.join(" or ")}, got ${input.clientId ?? "none"}`;
  }
  for (const block of BLOCKS) {
    const conditions = w[block];
    if (!conditions) continue;
    const root = rootOf(block, input);
    for (const [path, cond] of Object.entries(conditions)) {
      const value = valueAt(root, block === "headers" ? path.toLowerCase() : path);
      if (holds(cond, value, [])) held++;
      else failure ??= `${block}.${path}: wanted ${describe(cond)}, got ${shown(value)}`;
    }
  }
  return { held, failure };
}

function rootOf(block: (typeof BLOCKS)[number], input: MatchInput): unknown {
  if (block === "body") return input.body;
  if (block === "query") return input.query;
  if (block === "params") return input.params ?? {};
  return Object.fromEntries(Object.entries(input.headers()).map(([k, v]) => [k.toLowerCase(), v]));
}

/** `eq 5`, `gte 1000`, `in ["a","b"]`, `matches ^x`. */
export function describe(cond: Condition): string {
  if (cond === null || typeof cond !== "object") return `eq ${JSON.stringify(cond)}`;
  return Object.entries(cond)
    .map(([op, v]) => `${op} ${typeof v === "string" && op === "matches" ? v : JSON.stringify(v)}`)
    .join(", ");
}

function shown(value: unknown): string {
  return value === undefined ? "nothing" : JSON.stringify(maskDeep(value));
}
