import * as z from "zod";
import { durationSchema } from "./core/duration-schema.js";
import { instantSchema } from "./core/instant.js";

/**
 * Flags and environment -> Config, validated with zod. The table below is the single list of
 * settings: `--help` prints it, the parser reads it. `alsoEnv` is a generic fallback read after the
 * paydouble-specific variable (`PORT`/`HOST` are often set by a platform for another purpose).
 */
export const SETTINGS = [
  { flag: "port", env: "PAYDOUBLE_PORT", alsoEnv: "PORT", default: "4242", help: "port to listen on (0 picks a free one)" },
  { flag: "host", env: "PAYDOUBLE_HOST", alsoEnv: "HOST", default: "127.0.0.1", help: "address to listen on (the image: 0.0.0.0)" },
  { flag: "seed", env: "PAYDOUBLE_SEED", default: "paydouble", help: "seed of the default world's ids and random streams" },
  { flag: "fixtures", env: "PAYDOUBLE_FIXTURES", default: "(shipped default.yaml)", help: "fixture file (clients and integrations to start with)" },
  { flag: "clock-start", env: "PAYDOUBLE_CLOCK_START", default: "2026-03-02T15:00:00.000Z", help: "simulated start instant, or `now` (wall time at start)" },
  { flag: "tick", env: "PAYDOUBLE_TICK", default: "PT0.001S", help: "simulated time added per gateway request (ISO 8601)" },
  { flag: "journal-limit", env: "PAYDOUBLE_JOURNAL_LIMIT", default: "10000", help: "request journal entries kept per world" },
  { flag: "journal-bytes", env: "PAYDOUBLE_JOURNAL_BYTES", default: "16777216", help: "request journal bytes kept per world (oldest dropped)" },
  { flag: "replay-log-limit", env: "PAYDOUBLE_REPLAY_LOG_LIMIT", default: "1000000", help: "replay log entries per world (then truncated)" },
  { flag: "replay-log-bytes", env: "PAYDOUBLE_REPLAY_LOG_BYTES", default: "67108864", help: "replay log bytes per world (then truncated)" },
  { flag: "refused-keep", env: "PAYDOUBLE_REFUSED_KEEP", default: "8192", help: "bytes of a refused request's body and query kept" },
  { flag: "stream-buffer", env: "PAYDOUBLE_STREAM_BUFFER", default: "1048576", help: "bytes queued per live-stream reader (then dropped)" },
  { flag: "no-control", env: "PAYDOUBLE_NO_CONTROL", default: "false", help: "turn the /_mock control API off" },
  { flag: "scenario", env: "PAYDOUBLE_SCENARIOS", default: "(none)", help: "scenario file to load at start (repeatable; env: comma-separated)" },
  { flag: "no-builtin", env: "PAYDOUBLE_NO_BUILTIN", default: "false", help: "do not load the built-in magic values" },
  { flag: "realtime", env: "PAYDOUBLE_REALTIME", default: "false", help: "the clock follows wall time from its start instant" },
  { flag: "log", env: "PAYDOUBLE_LOG", default: "off", help: "per-request log on stdout: off, text or json (secrets masked)" },
  { flag: "replay", env: "PAYDOUBLE_REPLAY", default: "(none)", help: "rebuild the world of a /_mock/journal/export file at start" },
  { flag: "allowed-hosts", env: "PAYDOUBLE_ALLOWED_HOSTS", default: "(none)", help: "more Host names browsers may use (comma-separated; .domain, all)" },
] as const;

/** A byte count from `min` to 64 GiB. */
const bytes = (min: number) => z.coerce.number().int().min(min).max(2 ** 36);

export const configSchema = z.object({
  port: z.coerce.number().int().min(0).max(65535),
  host: z.string().min(1),
  /** Undefined when not given, so a start scenario file's `seed` can apply. */
  seed: z.string().min(1).max(200).optional(),
  fixtures: z.string().min(1).nullable(),
  /** Undefined when not given, so a start scenario file's `clock.start` can apply. */
  clockStart: z
    .union([z.literal("now"), instantSchema().transform((s) => Date.parse(s))], {
      // An instant outside the clock's range says so; anything else gets the form to use.
      error: (issue) => {
        const problem = (issue.errors ?? []).flat().find((i) => i.code === "custom");
        return problem?.message ?? "must be an ISO 8601 instant with an offset (2026-03-02T15:00:00Z) or now";
      },
    })
    .optional(),
  /** Undefined when not given, so a start scenario file's `clock.tick` can apply. */
  tick: durationSchema("PT0.001S").optional(),
  journalLimit: z.coerce.number().int().min(1).max(10_000_000),
  journalBytes: bytes(64 * 1024),
  replayLogLimit: z.coerce.number().int().min(1).max(100_000_000),
  replayLogBytes: bytes(1024 * 1024),
  refusedKeep: bytes(0),
  streamBuffer: bytes(4 * 1024),
  control: z.boolean(),
  scenarios: z.array(z.string().min(1)),
  builtin: z.boolean(),
  realtime: z.boolean(),
  log: z.enum(["off", "text", "json"]),
  replay: z.string().min(1).nullable(),
  /** Besides localhost, IP literals and single-label names (http/trust.ts). */
  allowedHosts: z.array(z.string().regex(/^(?:\.?[a-z0-9_-]+(?:\.[a-z0-9_-]+)*\.?(?::\d{1,5})?|all|\*)$/i, "must be host names (example.test, .example.test for a domain and its subdomains, or all)")),
});

export type Config = z.output<typeof configSchema>;

/** Help text listing every flag with its environment variable and default. */
export function helpText(): string {
  // Columns as wide as their longest entry: `--replay-log-limit` and its variable ran past fixed widths.
  const flagWidth = Math.max(...SETTINGS.map((s) => s.flag.length));
  const envWidth = Math.max(...SETTINGS.map((s) => envNames(s).length));
  const row = (flag: string, env: string, rest: string) => `  ${flag.padEnd(flagWidth + 2)} ${env.padEnd(envWidth)} ${rest}`;
  const rows = SETTINGS.map((s) => row(`--${s.flag}`, envNames(s), `default ${s.default.padEnd(26)} ${s.help}`));
  return [
    "Usage: paydouble [serve] [flags]",
    "       paydouble check [--strict] FILE...  validate scenario and fixtures files (exit 2 naming file, line and column;",
    "                                  warnings exit 0 unless --strict)",
    "       paydouble schema [fixtures]  print the scenario (or fixtures) format's JSON Schema",
    "       paydouble replay FILE      rebuild an exported world log, print each replayed request, exit",
    "       paydouble ctl [--url URL] COMMAND   drive a running double (paydouble ctl --help)",
    "",
    "Flags (each may also be set by its environment variable):",
    ...rows,
    row("--help", "", "print this help"),
    row("--version", "", "print the version"),
  ].join("\n");
}

/** `PAYDOUBLE_PORT|PORT`: the variables a setting is read from, in order. */
export function envNames(s: (typeof SETTINGS)[number]): string {
  return "alsoEnv" in s ? `${s.env}|${s.alsoEnv}` : s.env;
}
