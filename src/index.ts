import type { Hono } from "hono";
import { durationMs, parseDuration } from "./core/duration.js";
import { inInstantRange, INSTANT_OUT_OF_RANGE } from "./core/instant.js";
import type { Fixtures } from "./gateway/fixtures.js";
import type { JournalEntry, LiveFacts, NearMiss } from "./gateway/journal.js";
import { Host } from "./gateway/host.js";
import type { Limits } from "./gateway/limits.js";
import { createApp } from "./http/app.js";
import type { AppEnv } from "./http/env.js";
import { builtinScenario, fixturesFrom } from "./cli/compiled.js";
import { DEFAULT_FIXTURES_PATH } from "./cli/load-files.js";
import type { Sleep } from "./http/outcomes.js";
import { readScenarioFile } from "./scenarios/library.js";
import { parseScenario, ScenarioFileError } from "./scenarios/loader.js";
import type { ScenarioFile } from "./scenarios/schema.js";
import { settingsFromFiles } from "./scenarios/start.js";

/**
 * The programmatic API: build a double in process, with no port.
 *
 * @example
 * const double = createDouble({ seed: "42" });
 * const res = await double.app.request("/_mock/health");
 */
export interface DoubleOptions {
  seed?: string | number;
  /** Parsed fixtures, or a path to a fixture file; default: the shipped `fixtures/default.yaml`. */
  fixtures?: Fixtures | string;
  /** Simulated start instant (ISO 8601). */
  clockStart?: string;
  /** Simulated time per gateway request (ISO 8601 duration). */
  tick?: string;
  journalLimit?: number;
  control?: boolean;
  /** Scenario files (paths or parsed) loaded at start, in order; a later one takes precedence. */
  scenarios?: readonly (ScenarioFile | string)[];
  /** Load the built-in magic values (default true; `--no-builtin` turns them off). */
  builtin?: boolean;
  /** Opt-in real-time mode: the clock follows wall time from its start instant. */
  realtime?: boolean;
  /** Real delay for scenario `delay_ms` (default: a timer). */
  sleep?: Sleep;
  /**
   * Host names a browser may reach the double by, besides localhost, IP addresses and single-label
   * names (DNS rebinding protection): `"ci.example.test"`, `".example.test"` (a domain and its
   * subdomains) or `"all"`.
   */
  allowedHosts?: readonly string[];
  /** Cap on live sandboxes. */
  sandboxLimit?: number;
  /** Memory bounds (journal and replay log bytes, refused requests, live streams): docs/reference/limits.md. */
  limits?: Partial<Limits>;
  /**
   * Called with each `/v1` journal entry (secrets masked) as it is recorded, and the request's
   * wall-clock `latency_ms` (which the journal itself never holds: it is not replayable).
   */
  onRequest?: (entry: JournalEntry, live: LiveFacts) => void;
}

export interface Double {
  host: Host;
  app: Hono<AppEnv>;
  /**
   * A fetch handler: `(request) => Promise<Response>`. Under `serve()` of @hono/node-server the
   * second argument (its `{ incoming, outgoing }`) is passed on, which spares building a full
   * Headers object per request.
   */
  fetch: (request: Request, env?: unknown) => Response | Promise<Response>;
}

export const DEFAULTS = { seed: "paydouble", clockStart: "2026-03-02T15:00:00.000Z", tick: "PT0.001S" } as const;

/**
 * Builds a double; throws on invalid options (a bad duration, an unreadable fixture file, a scenario
 * file with problems: `ScenarioFileError` names each with its line and column). Explicit options
 * win over the `seed` and `clock` of the scenario files given here.
 */
export function createDouble(options: DoubleOptions = {}): Double {
  const scenarios = (options.scenarios ?? []).map((s, i) => (typeof s === "string" ? readScenarioFile(s) : validated(s, i)));
  const fromFiles = settingsFromFiles(scenarios);
  const tick = parseDuration(options.tick ?? DEFAULTS.tick);
  if (!tick) throw new Error(`invalid tick: ${options.tick}`);
  const clockStart = options.clockStart !== undefined ? Date.parse(options.clockStart) : (fromFiles.clockStart ?? Date.parse(DEFAULTS.clockStart));
  if (!inInstantRange(clockStart)) throw new Error(`invalid clockStart: ${options.clockStart} ${INSTANT_OUT_OF_RANGE}`);
  const fixtures =
    typeof options.fixtures === "object" ? options.fixtures : fixturesFrom(options.fixtures ?? DEFAULT_FIXTURES_PATH);
  const host = new Host(
    {
      seed: String(options.seed ?? fromFiles.seed ?? DEFAULTS.seed),
      fixtures,
      clockStart,
      tickMs: options.tick !== undefined ? durationMs(tick) : (fromFiles.tickMs ?? durationMs(tick)),
      journalLimit: options.journalLimit,
      scenarios,
      builtin: options.builtin === false ? null : builtinScenario(),
      realtime: options.realtime,
    },
    options.sandboxLimit,
    options.limits,
  );
  const app = createApp(host, { control: options.control, sleep: options.sleep, onRequest: options.onRequest, allowedHosts: options.allowedHosts });
  return { host, app, fetch: (request, env) => app.fetch(request, env) };
}

/** A scenario given as an object is validated like a file (positions refer to its JSON form). */
function validated(s: ScenarioFile, i: number): ScenarioFile {
  const result = parseScenario(JSON.stringify(s, null, 2));
  if (!result.ok) throw new ScenarioFileError(`scenarios[${i}]`, result.problems);
  return result.scenario;
}

export { formatProblem, parseScenario, ScenarioFileError, type Problem } from "./scenarios/loader.js";
export { OPERATION_IDS, type ScenarioFile } from "./scenarios/schema.js";
export { fixturesJsonSchema, scenarioJsonSchema } from "./scenarios/json-schema.js";
export type { Matched, Outcome } from "./scenarios/engine.js";

export { ControlError, startDouble, type ClockAdvance, type RequestFilter, type RunningDouble, type StartOptions } from "./start.js";
export type { OpenApiDocument } from "./http/openapi.js";
export { buildOpenApi } from "./http/openapi.js";
export type { JournalEntry, LiveFacts, Limits, NearMiss };
