import type { Cmd } from "./commands.js";
import { requestLines, type Driver } from "./driver.js";

/**
 * A failed script as a human replays it: the scenario files it loaded (YAML, in load order, one
 * document each) and every request it sent, numbered, with the broken invariant on top.
 */
export function failureReport(error: unknown, d: Driver, loaded: readonly string[], script: readonly Cmd[]): string {
  const message = error instanceof Error ? error.message : String(error);
  const scenarios = loaded.length === 0 ? "# (no scenario loaded: the built-in magic values only)\n" : loaded.join("---\n");
  return [
    `broken: ${message}`,
    `world: seed "model", clock start 2026-03-02T15:00:00.000Z, default fixtures (the ids below are that seed's: the same requests give the same ids)${d.prefix ? `, inside ${d.prefix}` : ""}${d.viaReseller ? ", /v1 requests sent by the reseller acting for the merchant" : ""}`,
    `--- commands (${script.length}) ---`,
    ...script.map((c) => JSON.stringify(c)),
    "--- scenario (YAML) ---",
    scenarios.trimEnd(),
    `--- requests (${d.sent.length}; the last one is where it broke) ---`,
    requestLines(d.sent),
  ].join("\n");
}
