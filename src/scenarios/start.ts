import { durationMs, parseDuration } from "../core/duration.js";
import type { ScenarioFile } from "./schema.js";

/**
 * The world settings that files given at creation bring (`seed`, `clock.start`, `clock.tick`). Files
 * load in order and a later one takes precedence, so the last file that sets a value wins; explicit
 * options (flags, the sandbox body) win over every file.
 */
export function settingsFromFiles(files: readonly ScenarioFile[]): { seed?: string; clockStart?: number; tickMs?: number } {
  const out: { seed?: string; clockStart?: number; tickMs?: number } = {};
  for (const f of files) {
    if (f.seed !== undefined) out.seed = String(f.seed);
    if (f.clock?.start !== undefined) out.clockStart = Date.parse(f.clock.start);
    if (f.clock?.tick !== undefined) out.tickMs = durationMs(parseDuration(f.clock.tick)!);
  }
  return out;
}
