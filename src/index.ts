import type { Hono } from "hono";
import { durationMs, parseDuration } from "./core/duration.js";
import type { Fixtures } from "./gateway/fixtures.js";
import type { JournalEntry } from "./gateway/journal.js";
import { Host } from "./gateway/host.js";
import { createApp } from "./http/app.js";
import type { AppEnv } from "./http/env.js";
import { DEFAULT_FIXTURES_PATH, readFixtures } from "./cli/load-files.js";

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
  /** Called with each `/v1` journal entry (secrets masked) as it is recorded. */
  onRequest?: (entry: JournalEntry) => void;
}

export interface Double {
  host: Host;
  app: Hono<AppEnv>;
  /** A fetch handler: `(request) => Promise<Response>`. */
  fetch: (request: Request) => Response | Promise<Response>;
}

export const DEFAULTS = { seed: "paydouble", clockStart: "2026-03-02T15:00:00.000Z", tick: "PT0.001S" } as const;

/** Builds a double; throws on invalid options (a bad duration, an unreadable fixture file). */
export function createDouble(options: DoubleOptions = {}): Double {
  const tick = parseDuration(options.tick ?? DEFAULTS.tick);
  if (!tick) throw new Error(`invalid tick: ${options.tick}`);
  const clockStart = Date.parse(options.clockStart ?? DEFAULTS.clockStart);
  if (Number.isNaN(clockStart)) throw new Error(`invalid clockStart: ${options.clockStart}`);
  const fixtures =
    typeof options.fixtures === "object" ? options.fixtures : readFixtures(options.fixtures ?? DEFAULT_FIXTURES_PATH);
  const host = new Host({
    seed: String(options.seed ?? DEFAULTS.seed),
    fixtures,
    clockStart,
    tickMs: durationMs(tick),
    journalLimit: options.journalLimit,
  });
  const app = createApp(host, { control: options.control, onRequest: options.onRequest });
  return { host, app, fetch: (request) => app.fetch(request) };
}

export { ControlError, startDouble, type ClockAdvance, type RequestFilter, type RunningDouble, type StartOptions } from "./start.js";
export type { OpenApiDocument } from "./http/openapi.js";
export { buildOpenApi } from "./http/openapi.js";
export type { JournalEntry };
