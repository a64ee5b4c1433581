import * as z from "zod";
import { durationSchema } from "../core/duration-schema.js";
import { instantSchema } from "../core/instant.js";
import { ERROR_CODES, type ErrorCode } from "../core/errors.js";
import { QUIRKS, type QuirkName } from "../gateway/quirks.js";
import { CONTROL_CHARACTERS } from "./label.js";
import { nearest } from "../core/nearest.js";
import { lazy } from "../core/lazy.js";

/**
 * Scenario format v1 (PRODUCT.md "Scenario files"), declared ONCE: this zod schema is the source of
 * the TypeScript types, of load-time validation and of the published JSON Schema (`paydouble schema`).
 */

/** The spec's operation ids: the values a rule's `when.operation` may name. */
export const OPERATION_IDS = [
  "listClients",
  "createClient",
  "getClient",
  "updateClient",
  "listIntegrations",
  "createIntegration",
  "getIntegration",
  "updateIntegration",
  "listIntegrationSummary",
  "createTransaction",
  "listTransactions",
  "getTransaction",
  "captureTransaction",
  "cancelTransaction",
  "closeBatch",
  "listBatches",
  "listBatchTransactions",
  "getBatchTransactions",
  "createPaymentToken",
  "getPaymentToken",
  "listPaymentTokens",
  "createUser",
  "getUser",
  "listUsers",
  "createMfaChallenge",
] as const;

export type OperationId = (typeof OPERATION_IDS)[number];

/** What a timeline entry may `do` at its instant; the batches and tokens code registers the handlers. */
export const TIMELINE_ACTIONS = ["close_batches", "settle_batches", "expire_tokens"] as const;

/** Events a rule's `schedule` may put on the simulated clock. */
export const SCHEDULE_EVENTS = ["ach_return", "remove_from_batch", "settle", "token_status"] as const;

/**
 * The longest dotted path a condition may name: far beyond any field of the spec, and short enough
 * that checking and quoting it costs nothing (a 900 KB path is refused first, issue 21 item 12).
 */
export const MAX_CONDITION_PATH = 200;

export const PRIMARY_OUTCOMES = ["approve", "decline", "error_result", "fail", "transport"] as const;

/**
 * The zod schemas of the format, built on first use (`scenarioSchema()`): a start that loads no
 * scenario file (the built-in ones are precompiled, src/cli/compiled.ts) never builds them, about
 * 4 ms of zod construction (docs/explanation/performance.md, "Cold start").
 */
const schemas = lazy(() => {
  const duration = durationSchema("P3D or PT0.001S");
  const instant = instantSchema();
  const text = (max: number) => z.string().min(1).max(max);
  /** A capture-group reference (`$1`..`$9`) of a `matches` condition, resolved when the rule fires. */
  const groupRef = z.string().regex(/^\$[1-9]$/, "must be a number or a capture reference such as $2");

  const scalar = z.union([z.string(), z.number(), z.boolean(), z.null()]);

  /** A condition on one field: a scalar means `eq`; an object combines operators (all must hold). */
  const conditionSchema = z.union([
    scalar,
    z
      .object({
        eq: scalar.optional(),
        ne: scalar.optional(),
        gt: z.number().optional(),
        gte: z.number().optional(),
        lt: z.number().optional(),
        lte: z.number().optional(),
        in: z.array(scalar).optional(),
        // Compiled and bounded by lint-patterns.ts, which can stop compiling a file past its bound.
        matches: z.string().optional(),
        exists: z.boolean().optional(),
      })
      .strict()
      .refine((o) => Object.keys(o).length > 0, "needs at least one operator"),
  ]);

  const operationId = z.enum(OPERATION_IDS, {
    error: (iss) => {
      if (typeof iss.input !== "string") return `must be an operation id (text), such as createTransaction`;
      const near = nearest(iss.input, OPERATION_IDS);
      return `unknown operation ${JSON.stringify(iss.input.length > 60 ? `${iss.input.slice(0, 60)}…` : iss.input)}; ${near ? `did you mean ${near}?` : `known: ${OPERATION_IDS.join(", ")}`}`;
    },
  });

  const conditions = z.record(z.string().min(1).max(MAX_CONDITION_PATH, `must be a dotted path of at most ${MAX_CONDITION_PATH} characters`), conditionSchema);

  const whenSchema = z
    .object({
      operation: z.union([operationId, z.array(operationId).min(1)]).optional(),
      client: z.union([text(64), z.array(text(64)).min(1)]).optional(),
      body: conditions.optional(),
      query: conditions.optional(),
      headers: conditions.optional(),
      params: conditions.optional(),
      times: z.number().int().min(1).optional(),
      nth: z.number().int().min(1).optional(),
      every: z.number().int().min(1).optional(),
      chance: z.number().min(0).max(1).optional(),
      per: z.enum(["world", "client"]).optional(),
    })
    .strict();

  const decision = z.object({ code: text(8), description: text(200) }).strict();

  const failSchema = z
    .object({
      error: z.enum(ERROR_CODES as [ErrorCode, ...ErrorCode[]]),
      status: z.number().int().min(400).max(599).optional(),
      message: text(500).optional(),
      details: z.record(z.string(), z.string()).nullable().optional(),
      source: z
        .object({ system: z.string().nullable().optional(), code: z.string().nullable().optional(), message: z.string().nullable().optional() })
        .strict()
        .nullable()
        .optional(),
      created: z.enum(["APPROVED", "DECLINED"]).optional(),
    })
    .strict();

  const scheduleSchema = z
    .object({
      event: z.enum(SCHEDULE_EVENTS),
      after: z.enum(["now", "settlement", "batch_close"]).optional(),
      in: duration.optional(),
      business_days: z.union([z.number().int().min(0).max(365), groupRef]).optional(),
      code: z.union([text(8), z.null()]).optional(),
      reason: text(200).optional(),
      status: text(40).optional(),
    })
    .strict();


  const thenSchema = z
    .object({
      approve: z.literal(true).optional(),
      decline: decision.optional(),
      error_result: decision.optional(),
      fail: failSchema.optional(),
      transport: z.enum(["reset", "hang", "empty", "malformed_json"]).optional(),
      delay_ms: z.number().int().min(0).max(600_000).optional(),
      set: z.record(z.string().min(1), z.unknown()).optional(),
      card_type: z.enum(["CREDIT", "DEBIT", "UNKNOWN"]).optional(),
      tokenization: z.literal("fail").optional(),
      /**
       * Settlement later than the default (one business day after the batch closes): a number adds
       * that many business days; an ISO duration adds that much time.
       */
      settlement: z.object({ delay: z.union([z.number().int().min(0).max(365), duration]) }).strict().optional(),
      schedule: z.array(scheduleSchema).optional(),
    })
    .strict();

  const ruleSchema = z
    .object({
      name: text(100)
        .refine((n) => !CONTROL_CHARACTERS.test(n), "must not contain control characters (line breaks, tabs)")
        .optional(),
      description: text(500).optional(),
      when: whenSchema,
      then: thenSchema,
    })
    .strict();

  const timelineSchema = z
    .object({
      at: z.union([duration, instant]),
      do: z.enum(TIMELINE_ACTIONS),
      client: text(64).optional(),
    })
    .strict();

  const quirkNames = Object.keys(QUIRKS) as [QuirkName, ...QuirkName[]];

  const scenarioSchema = z
    .object({
      // Where editors find this schema in a JSON file (YAML files use a comment); paydouble ignores it.
      $schema: z.string().max(2000).optional(),
      version: z.literal(1),
      name: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, "must be 1-64 letters, digits, '.', '_' or '-'"),
      description: text(1000).optional(),
      seed: z.union([text(200), z.number().int()]).optional(),
      clock: z.object({ start: instant.optional(), tick: duration.optional() }).strict().optional(),
      quirks: z.partialRecord(z.enum(quirkNames), z.boolean()).optional(),
      rules: z.array(ruleSchema).default([]),
      timeline: z.array(timelineSchema).default([]),
    })
    .strict();
  return { conditionSchema, whenSchema, scheduleSchema, thenSchema, ruleSchema, timelineSchema, scenarioSchema };
});

/** The whole file's schema (built on the first call, then the same object). */
export function scenarioSchema() {
  return schemas().scenarioSchema;
}

// Checks across fields (two outcomes, duplicate names, `in` with `business_days`) live in lint.ts,
// run on the raw data beside this schema so every problem of a file is reported at once.

type Schemas = ReturnType<typeof schemas>;
export type ScenarioFile = z.output<Schemas["scenarioSchema"]>;
export type Rule = z.output<Schemas["ruleSchema"]>;
export type When = z.output<Schemas["whenSchema"]>;
export type Condition = z.output<Schemas["conditionSchema"]>;
export type Then = z.output<Schemas["thenSchema"]>;
export type ScheduleEntry = z.output<Schemas["scheduleSchema"]>;
export type TimelineEntry = z.output<Schemas["timelineSchema"]>;
