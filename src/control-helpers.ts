import { worldHandle, type WorldHandle } from "./handle.js";

/**
 * The typed control helpers of a running double at `url` (the server root or a sandbox), without
 * fixture credentials: what `paydouble/testcontainers` gives for a double in a container.
 * `startDouble()` and `double.sandbox()` return the same helpers plus `url`, `clients` and
 * `merchant` (src/handle.ts).
 */
export type ControlHelpers = Pick<WorldHandle, "clock" | "scenarios" | "requests" | "trigger" | "reset" | "coverage" | "checkCoverage" | "audit">;

/** The helpers for the double (or sandbox) at `url`. */
export function controlHelpers(url: string): ControlHelpers {
  const { clock, scenarios, requests, trigger, reset, coverage, checkCoverage, audit } = worldHandle(url, []);
  return { clock, scenarios, requests, trigger, reset, coverage, checkCoverage, audit };
}

export { ControlError, type ClockAdvance, type RequestFilter } from "./handle.js";
