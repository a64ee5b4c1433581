import type { Outcome } from "./engine.js";
import { PRIMARY_OUTCOMES } from "./schema.js";

/** Helpers for the services that apply payment outcomes (DESIGN rule 9: the engine only returns them). */

export type PrimaryOutcome = (typeof PRIMARY_OUTCOMES)[number];

/** The rule's primary outcome: the one it names, `approve` when it names none (or no rule matched). */
export function primaryOf(outcome: Outcome | undefined): PrimaryOutcome {
  return PRIMARY_OUTCOMES.find((k) => outcome?.[k] !== undefined) ?? "approve";
}

/**
 * A copy of a wire object with a rule's `set` applied: each key is a dotted path
 * (`payment_method.avs_result_code`); intermediate objects are copied, never shared, and
 * prototype keys are refused so a scenario cannot reach `Object.prototype`.
 */
export function applySet<T extends object>(wire: T, set: Record<string, unknown> | undefined): T {
  if (!set) return wire;
  const out = structuredClone(wire) as Record<string, unknown>;
  for (const [path, value] of Object.entries(set)) {
    const segs = path.split(".");
    if (segs.some((s) => s === "__proto__" || s === "constructor" || s === "prototype")) continue;
    let node = out;
    for (const seg of segs.slice(0, -1)) {
      const next = node[seg];
      if (next === null || typeof next !== "object") node[seg] = {};
      node = node[seg] as Record<string, unknown>;
    }
    node[segs.at(-1)!] = value;
  }
  return out as T;
}
