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
import { readScenarioFileOrName } from "./scenarios/library.js";
import { parseScenario, ScenarioFileError } from "./scenarios/loader.js";
import type { ScenarioFile } from "./scenarios/schema.js";
import { settingsFromFiles } from "./scenarios/start.js";
import { checkCoverage, parseRequirements, type CheckResult } from "./verdict/requirements.js";
import { Verdict, type AuditReport, type CoverageReport } from "./verdict/verdict.js";

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
  /**
   * Scenario files loaded at start, in order; a later one takes precedence: paths, shipped
   * scenarios' names (`declines`) or parsed files.
   */
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
  /** Record outcome coverage and client conduct (default true); false skips that work per request. */
  verdict?: boolean;
  /**
   * A monotonic clock in milliseconds for the audit's retry gaps (default: the wall clock). Tests of
   * retry timing inject one so a loaded machine cannot stretch a gap; nothing else reads it.
   */
  wallClock?: () => number;
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
  /**
   * Which catalogue outcomes the traffic met: the whole run (every world, deleted sandboxes
   * included), or one world (`{ world: null }` the default world, `{ world: "SANDBOX-..." }`).
   */
  coverage(options?: { world?: string | null }): CoverageReport;
  /** The CI gate: a requirement file's text (YAML or JSON) or object, checked against {@link coverage}. */
  checkCoverage(requirements: string | object, options?: { world?: string | null }): CheckResult;
  /** Client-conduct findings of the run or of one world (silenced kinds left out). */
  audit(options?: { world?: string | null }): AuditReport;
}

export const DEFAULTS = { seed: "paydouble", clockStart: "2026-03-02T15:00:00.000Z", tick: "PT0.001S" } as const;

/**
 * Builds a double; throws on invalid options (a bad duration, an unreadable fixture file, a scenario
 * file with problems: `ScenarioFileError` names each with its line and column). Explicit options
 * win over the `seed` and `clock` of the scenario files given here.
 */
export function createDouble(options: DoubleOptions = {}): Double {
  const scenarios = (options.scenarios ?? []).map((s, i) => (typeof s === "string" ? readScenarioFileOrName(s) : validated(s, i)));
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
  const verdict = options.verdict === false ? undefined : new Verdict(host);
  const app = createApp(host, { control: options.control, sleep: options.sleep, onRequest: options.onRequest, verdict: verdict ?? false, wallClock: options.wallClock, allowedHosts: options.allowedHosts });
  const off = () => new Error("coverage and audit are off (createDouble({ verdict: false }))");
  const coverage = (o: { world?: string | null } = {}) => {
    if (!verdict) throw off();
    return verdict.coverage(o.world);
  };
  return {
    host,
    app,
    fetch: (request, env) => app.fetch(request, env),
    coverage,
    checkCoverage: (requirements, o = {}) => {
      const parsed = parseRequirements(typeof requirements === "string" ? requirements : JSON.stringify(requirements));
      if (!parsed.ok) throw new Error(`invalid coverage requirements:\n${parsed.problems.join("\n")}`);
      return checkCoverage(coverage(o), parsed.name, parsed.require);
    },
    audit: (o = {}) => {
      if (!verdict) throw off();
      return verdict.audit(o.world);
    },
  };
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

export { ControlError, controlHelpers, type ClockAdvance, type ControlHelpers, type RequestFilter } from "./control-helpers.js";
export { startDouble, type Credentials, type FiredEvent, type Resource, type RunningDouble, type Sandbox, type SandboxOptions, type StartOptions, type WorldHandle } from "./start.js";
export type { OpenApiDocument } from "./http/openapi.js";
export { buildOpenApi } from "./http/openapi.js";
export type { JournalEntry, LiveFacts, Limits, NearMiss };
export type { AuditReport, CheckResult, CoverageReport };
export { CATALOGUE as OUTCOMES, type Outcome as CatalogueOutcome } from "./verdict/catalogue.js";
export { FINDING_KINDS } from "./verdict/findings.js";
export { parseRequirements, requirementsJsonSchema } from "./verdict/requirements.js";
export { auditJunit, auditMarkdown, checkJunit, checkMarkdown, coverageJunit, coverageMarkdown } from "./verdict/render.js";
