import type { ActiveScenario } from "./engine.js";
import { compilePattern } from "./match.js";
import type { ScenarioFile } from "./schema.js";

/**
 * What active scenario files hold in memory, as one deterministic count of bytes (security
 * review, defect 2: seventeen 9,000-rule files loaded one after another killed a 300 MB process).
 * A file weighs its JSON text, plus {@link RULE_BYTES} a rule (its counters, label and prepared
 * conditions: measured 12-16 MB retained for a 1 MB file of 9,000 rules) plus
 * {@link INSTRUCTION_BYTES} a pattern instruction (a compiled RE2 program keeps about 80 bytes an
 * instruction: 300 patterns of 1,000 made 24 MB). The counts come from the file, never from the
 * heap, so the same loads are refused on every machine.
 */
export const RULE_BYTES = 1_500;
export const INSTRUCTION_BYTES = 100;

/** The scenarios one world may hold (start files and built-in values included): about two 9,000-rule files loaded besides them. */
export const WORLD_SCENARIO_BYTES = 32 * 1024 * 1024;
/** The scenarios every world of a server holds together (the default world and the sandboxes). */
export const HOST_SCENARIO_BYTES = 64 * 1024 * 1024;

/** Files are shared (the built-in values by every world): each is weighed once. */
const WEIGHTS = new WeakMap<ScenarioFile, number>();

export function fileWeight(file: ScenarioFile): number {
  let w = WEIGHTS.get(file);
  if (w === undefined) {
    w = JSON.stringify(file).length + RULE_BYTES * file.rules.length + INSTRUCTION_BYTES * instructions(file);
    WEIGHTS.set(file, w);
  }
  return w;
}

/** The weight of a world's active files (enabled or not: a disabled file is still held). */
export function activeWeight(active: readonly Readonly<ActiveScenario>[]): number {
  let sum = 0;
  for (const s of active) sum += fileWeight(s.file);
  return sum;
}

function instructions(file: ScenarioFile): number {
  let n = 0;
  for (const { when } of file.rules) {
    for (const block of [when.body, when.query, when.headers, when.params]) {
      for (const cond of Object.values(block ?? {})) {
        if (cond === null || typeof cond !== "object" || cond.matches === undefined) continue;
        try {
          n += compilePattern(cond.matches).size;
        } catch {
          // Validated at load; a file built in code with a bad pattern fails when the pattern is used.
        }
      }
    }
  }
  return n;
}
