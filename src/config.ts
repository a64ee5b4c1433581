import { z } from "zod";
import { isDuration } from "./core/duration.js";

/**
 * Flags and environment -> Config, validated with zod. The table below is the single list of
 * settings: `--help` prints it, the parser reads it.
 */
export const SETTINGS = [
  { flag: "port", env: "PORT", default: "4242", help: "port to listen on (0 picks a free one)" },
  { flag: "host", env: "HOST", default: "127.0.0.1", help: "address to listen on" },
  { flag: "seed", env: "PAYDOUBLE_SEED", default: "paydouble", help: "seed of the default world's ids and random streams" },
  { flag: "fixtures", env: "PAYDOUBLE_FIXTURES", default: "(shipped default.yaml)", help: "fixture file (clients and integrations to start with)" },
  { flag: "clock-start", env: "PAYDOUBLE_CLOCK_START", default: "2026-03-02T15:00:00.000Z", help: "simulated start instant" },
  { flag: "tick", env: "PAYDOUBLE_TICK", default: "PT0.001S", help: "simulated time added per gateway request (ISO 8601)" },
  { flag: "journal-limit", env: "PAYDOUBLE_JOURNAL_LIMIT", default: "10000", help: "request journal entries kept per world" },
  { flag: "no-control", env: "PAYDOUBLE_NO_CONTROL", default: "false", help: "turn the /_mock control API off" },
  { flag: "log", env: "PAYDOUBLE_LOG", default: "off", help: "per-request log on stdout: off, text or json (secrets masked)" },
  { flag: "replay", env: "PAYDOUBLE_REPLAY", default: "(none)", help: "rebuild the world of a /_mock/journal/export file at start" },
] as const;

/**
 * Scenario files named through the environment (comma-separated paths), for the docker image's
 * `/scenarios` mount. The scenario issue adds the `--scenario` flag and loads them; this only reads
 * the variable into `Config.scenarioFiles`.
 */
export const SCENARIOS_ENV = "PAYDOUBLE_SCENARIOS";

export const configSchema = z.object({
  port: z.coerce.number().int().min(0).max(65535),
  host: z.string().min(1),
  seed: z.string().min(1).max(200),
  fixtures: z.string().min(1).nullable(),
  clockStart: z.iso.datetime({ offset: true }).transform((s) => Date.parse(s)),
  tick: z.string().refine(isDuration, "must be an ISO 8601 duration such as PT0.001S"),
  journalLimit: z.coerce.number().int().min(1).max(10_000_000),
  control: z.boolean(),
  log: z.enum(["off", "text", "json"]),
  replay: z.string().min(1).nullable(),
  scenarioFiles: z.array(z.string().min(1)),
});

export type Config = z.output<typeof configSchema>;

/** Help text listing every flag with its environment variable and default. */
export function helpText(): string {
  const rows = SETTINGS.map((s) => `  --${s.flag.padEnd(14)} ${s.env.padEnd(24)} default ${s.default.padEnd(26)} ${s.help}`);
  return [
    "Usage: paydouble [serve] [flags]",
    "",
    "Flags (each may also be set by its environment variable):",
    ...rows,
    "  --help                                          print this help",
    "  --version                                       print the version",
    "",
    "Commands:",
    "  paydouble [serve]          serve (the default)",
    "  paydouble replay FILE      replay an exported log, print each replayed request and exit",
    "",
    `Scenario files: ${SCENARIOS_ENV}=/scenarios/a.yaml,/scenarios/b.yaml (comma-separated paths).`,
  ].join("\n");
}
