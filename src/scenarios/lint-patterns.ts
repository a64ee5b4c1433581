import { compilePattern } from "./match.js";
import type { Finding } from "./lint.js";

/**
 * The `matches` patterns of a raw scenario document, compiled in file order and bounded (security
 * review, defect 1): RE2 syntax (no lookaround or backreference), at most
 * {@link MAX_PATTERN_INSTRUCTIONS} instructions each, and {@link MAX_FILE_PATTERN_INSTRUCTIONS} for
 * the whole file. Compiling costs about 1 µs an instruction and keeps about 80 bytes of each, so
 * past the file's bound the rest are not compiled at all: a 1 MiB file of 30,000 distinct large
 * patterns would otherwise hold the thread for 30 s before any bound could refuse it.
 */

/**
 * A pattern's program size cap: a run costs its instructions times the text's characters
 * (pattern-work.ts). Real patterns (`^4000(\d+)$`, an email shape, `\d{12,19}`) have 10 to 50;
 * `.{1000}` alone has 1,000.
 */
export const MAX_PATTERN_INSTRUCTIONS = 1_000;
/** All of a file's patterns (each condition counted): 9,000 rules of 15-instruction patterns use 135,000. */
export const MAX_FILE_PATTERN_INSTRUCTIONS = 500_000;

const BLOCKS = ["body", "query", "params", "headers"] as const;
const isObj = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

export function lintPatterns(rules: readonly unknown[], out: Finding[]): void {
  let total = 0;
  for (let i = 0; i < rules.length; i++) {
    const when = isObj(rules[i]) ? (rules[i] as Record<string, unknown>).when : undefined;
    if (!isObj(when)) continue;
    for (const block of BLOCKS) {
      const conds = when[block];
      if (!isObj(conds)) continue;
      for (const [path, cond] of Object.entries(conds)) {
        if (!isObj(cond) || typeof cond.matches !== "string") continue;
        const at = ["rules", i, "when", block, path, "matches"];
        let size: number;
        try {
          size = compilePattern(cond.matches).size;
        } catch (e) {
          out.push({ path: at, severity: "error", message: `is not a pattern RE2 accepts (${(e as Error).message}); lookarounds and backreferences are not supported` });
          continue;
        }
        if (size > MAX_PATTERN_INSTRUCTIONS) {
          out.push({ path: at, severity: "error", message: `compiles to ${size} RE2 instructions, more than the ${MAX_PATTERN_INSTRUCTIONS} a pattern may have (a run costs its instructions times the characters it reads); shorten counted repeats such as .{1000}` });
          continue;
        }
        total += size;
        if (total > MAX_FILE_PATTERN_INSTRUCTIONS) {
          out.push({ path: at, severity: "error", message: `the file's patterns pass ${MAX_FILE_PATTERN_INSTRUCTIONS} RE2 instructions in all (${total} up to this one); the rest were not compiled: split the file or share patterns` });
          return;
        }
      }
    }
  }
}
