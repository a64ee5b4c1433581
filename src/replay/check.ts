import * as z from "zod";
import { instantMsSchema } from "../core/instant.js";
import { lazy } from "../core/lazy.js";
import { fixturesSchema } from "../gateway/fixtures.js";
import { QUIRKS } from "../gateway/quirks.js";
import type { WorldOptions } from "../gateway/world.js";
import { formatProblem, parseScenario } from "../scenarios/loader.js";
import type { ScenarioFile } from "../scenarios/schema.js";
import { VERSION } from "../version.js";

/**
 * A replay log is input like any request: a file someone hands over (`--replay`, `paydouble
 * replay`). Every line is checked with the rules live input meets, before anything is built, and a
 * bad line is refused with one sentence naming it: never a hang (an `rid` of 1e12 would draw a
 * trillion ids), never a stack trace (a clock start past the last instant), never a world a live
 * double could not have (a scenario `delay_ms` of a day, a `fail.status` of 999, a negative tick).
 */

/** The most request ids a log may count: replay draws each one (a few seconds for this many). */
export const MAX_REPLAY_RIDS = 2_000_000;
/** A tick of at most ten thousand years, as `--tick`. */
const MAX_TICK_MS = 10_000 * 366 * 86_400_000;

/**
 * The log's zod schemas, built on first use: only a replay (`--replay`, `paydouble replay`) reads a
 * log, and building them at module load cost every start about 2 ms.
 */
const schemas = lazy(() => {
  const rid = z
    .number({ error: "must be a number of request ids" })
    .int("must be a whole number")
    .min(0, "must not be negative")
    .max(MAX_REPLAY_RIDS, `must be at most ${MAX_REPLAY_RIDS} (replay draws every request id again)`);

  const instant = z.iso.datetime({ error: "must be an ISO 8601 instant" });

  const entrySchema = z
    .object({
      kind: z.enum(["request", "control", "reset"]),
      method: z.string().regex(/^[A-Z]{1,16}$/, "must be an HTTP method"),
      path: z.string().max(1_048_576).regex(/^(?:\/|sealed:)/, "must be a world-local path"),
      headers: z.record(z.string(), z.string()),
      json: z.unknown().optional(),
      text: z.string().optional(),
      rid,
      at: instant,
      refused: z
        .object({
          status: z.number().int().min(0).max(599),
          operation: z.string().nullable(),
          client_id: z.string().nullable(),
          error_code: z.string().nullable().optional(),
          bytes: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
        })
        .optional(),
    })
    .strict();

  /** A log that reached its bound (gateway/changes.ts `Truncation`): what replay reports. */
  const truncated = z.object({ dropped: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER), rid, at: z.iso.datetime() }).strict();
  const endSchema = z.object({ kind: z.literal("end"), rid, truncated: truncated.optional() }).strict();

  const headerSchema = z
    .object({
      paydouble_replay: z.literal(1),
      version: z
        .string()
        .regex(/^\d+\.\d+\.\d+(?:[-+].*)?$/, "must be a version such as 0.1.0")
        .refine((v) => !newer(v, VERSION), { error: (i) => `${String(i.input)} is newer than this paydouble (${VERSION}): replay it with that version or later` }),
      seed: z.string().min(1).max(200),
      clock_start: instant,
      tick_ms: z.number(),
      options: z.unknown(),
    })
    .strict();

  const optionsSchema = z
    .object({
      seed: z.string().min(1).max(200),
      startSeed: z.string().min(1).max(200).optional(),
      fixtures: z.unknown(),
      // The instants a live `--clock-start` can name, by the one rule in core/instant.ts.
      clockStart: instantMsSchema(),
      tickMs: z.number().min(0, "must not be negative").max(MAX_TICK_MS, "must be at most P10000Y"),
      quirks: z.partialRecord(z.enum(Object.keys(QUIRKS) as [keyof typeof QUIRKS]), z.boolean()).optional(),
      journalLimit: z.number().int("must be a whole number").min(1).max(10_000_000).optional(),
      scenarios: z.array(z.unknown()).optional(),
      builtin: z.unknown().optional(),
      realtime: z.boolean().optional(),
    })
    // Options a later version adds pass as recorded (the version check above refuses newer logs).
    .loose();
  return { entrySchema, endSchema, headerSchema, optionsSchema };
});

/** A log line (`request`, `control`, `reset`). */
export const entrySchema = () => schemas().entrySchema;
/** The last line of a log (`end`, with `truncated` when the log reached its bound). */
export const endSchema = () => schemas().endSchema;

/** `a.b.c` newer than `x.y.z`, numerically. */
function newer(version: string, than: string): boolean {
  const a = version.split(/[.+-]/).slice(0, 3).map(Number);
  const b = than.split(/[.+-]/).slice(0, 3).map(Number);
  for (let i = 0; i < 3; i++) if (a[i]! !== b[i]!) return a[i]! > b[i]!;
  return false;
}

/** `line 3: rid: must be at most ...`: the first problem of a zod result. */
export function problem(where: string, error: z.ZodError): string {
  const issue = error.issues[0]!;
  const path = issue.path.map(String).join(".");
  return `${where}: ${path ? `${path}: ` : ""}${issue.message}`;
}

/** Checks the header line and the world options it carries (already unsealed); throws naming the problem. */
export function checkHeader(header: unknown, options: unknown): WorldOptions {
  const h = schemas().headerSchema.safeParse(header);
  if (!h.success) throw new Error(problem("header (line 1)", h.error));
  const o = schemas().optionsSchema.safeParse(options);
  if (!o.success) throw new Error(problem("header (line 1) options", o.error));
  const fixtures = fixturesSchema().safeParse(o.data.fixtures);
  if (!fixtures.success) throw new Error(problem("header (line 1) options.fixtures", fixtures.error));
  // Scenario files are checked as a file given to --scenario would be, line and column in their JSON form.
  const scenario = (s: unknown, name: string): ScenarioFile => {
    const result = parseScenario(JSON.stringify(s, null, 2));
    if (!result.ok) throw new Error(`header (line 1) ${formatProblem(name, result.problems[0]!)}`);
    return result.scenario;
  };
  const scenarios = (o.data.scenarios ?? []).map((s, i) => scenario(s, `options.scenarios[${i}]`));
  const builtin = o.data.builtin === undefined || o.data.builtin === null ? o.data.builtin : scenario(o.data.builtin, "options.builtin");
  return { ...o.data, fixtures: fixtures.data, scenarios, builtin } as WorldOptions;
}
