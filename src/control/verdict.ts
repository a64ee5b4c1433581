import type { Context, Hono } from "hono";
import * as z from "zod";
import { lazy } from "../core/lazy.js";
import { GatewayError } from "../core/errors.js";
import { nearest } from "../core/nearest.js";
import type { AppEnv } from "../http/env.js";
import { readQuery, parseWith } from "../http/validate.js";
import { FINDING_NAMES, type FindingName } from "../verdict/findings.js";
import { auditJunit, auditMarkdown, checkJunit, checkMarkdown, coverageJunit, coverageMarkdown } from "../verdict/render.js";
import { checkCoverage, parseRequirements, requirementsJsonSchema } from "../verdict/requirements.js";
import type { Verdict } from "../verdict/verdict.js";
import { controlRoute, instant } from "./registry.js";
import { scenarioText } from "./scenarios.js";

const reportQuery = lazy(() => z
  .object({
    scope: z.enum(["run", "world"]).optional().meta({ description: "`run` (default): every world of this server since it started or since `DELETE /_mock/coverage`, deleted sandboxes included; `world`: this world only (kept across its resets)." }),
    format: z.enum(["json", "junit", "markdown"]).optional().meta({ description: "`json` (default), `junit` (JUnit XML) or `markdown` (for `$GITHUB_STEP_SUMMARY`)." }),
  })
  .strict());
const cited = lazy(() => z
  .object({
    world: z.string().nullable().meta({ description: "The sandbox id, or null for the default world." }),
    seq: z.number().int(), request_id: z.string(), at: instant, method: z.string(), path: z.string(), status: z.number().int(),
    link: z.string().nullable().meta({ description: "`GET` this for the whole journal entry; null once the entry is gone (reset, deleted sandbox, dropped from the ring)." }),
  })
  .strict()
  .meta({ id: "CitedEntry" }));
const coverageAnswer = lazy(() => z
  .object({
    scope: z.enum(["run", "world"]), world: z.string().nullable(), worlds: z.number().int(), requests: z.number().int(), met: z.number().int(), outcomes: z.number().int(),
    operations: z.array(z.object({
      operation: z.string(), met: z.number().int(),
      outcomes: z.array(z.object({ id: z.string(), title: z.string(), source: z.string(), met: z.boolean(), by: cited().nullable() }).strict()),
    }).strict()),
  })
  .strict()
  .meta({ id: "CoverageReport" }));
const checkAnswer = lazy(() => z
  .object({
    name: z.string(), passed: z.boolean(), missed: z.array(z.string()),
    required: z.array(z.object({ outcome: z.string(), operation: z.string(), title: z.string(), why: z.string().nullable(), met: z.boolean(), by: cited().nullable() }).strict()),
  })
  .strict()
  .meta({ id: "CoverageCheck" }));
const auditAnswer = lazy(() => z
  .object({
    scope: z.enum(["run", "world"]), world: z.string().nullable(),
    findings: z.array(z.object({
      kind: z.enum(FINDING_NAMES as [FindingName, ...FindingName[]]), title: z.string(), rule: z.string(), spec: z.string().meta({ description: "The spec's sentence the client broke." }), instead: z.string(),
      world: z.string().nullable(), client_id: z.string().nullable(), operation: z.string().nullable(), message: z.string(), repeats: z.number().int(), entries: z.array(cited()),
    }).strict()),
    silenced: z.array(z.object({ world: z.string().nullable(), kind: z.string(), findings: z.number().int() }).strict()),
  })
  .strict()
  .meta({ id: "AuditReport" }));
const silencedAnswer = lazy(() => z.object({ silenced: z.array(z.string()) }).strict());
const kindParam = lazy(() => z.object({ kind: z.string() }));

/**
 * The verdict (PRODUCT.md "Coverage and conduct"): which outcomes the integrator's traffic met
 * (`/coverage`, and the CI gate `POST /coverage/check`) and where the client broke the spec's rules
 * (`/audit`, with silencing per world). Recorded by src/verdict as requests are answered.
 */
export function mountVerdict(ctl: Hono<AppEnv>): void {
  controlRoute(ctl, {
    method: "GET", path: "/coverage", tag: "verdict", summary: "Which outcomes the traffic met, per operation",
    description: "Every outcome of the catalogue (each operation's results, error statuses, faults, what the clock does to a payment, quirks, life-cycle moves), met or not, with the first request that met it and a link to its journal entry. `scope=run` (default) covers every world since the start, deleted sandboxes included.",
    query: reportQuery, errors: [400],
    answers: { 200: { description: "The coverage report", schema: coverageAnswer } },
  }, (c) => {
    const q = reportOf(c);
    return rendered(c, q.format, recorder(c).coverage(q.world), coverageJunit, coverageMarkdown);
  });

  controlRoute(ctl, {
    method: "POST", path: "/coverage/check", tag: "verdict", summary: "The CI gate: were the required outcomes met?",
    description: "Body: a requirement file (YAML or JSON; schema `coverage/schema.json` in the package). Answers 200 with `passed` and each required outcome met or not (`missed` lists the others); a bad file is 400 naming each problem. `format=junit` gives one test case per required outcome, a missed one failed.",
    query: reportQuery, body: lazy(() => z.unknown()), bodyMedia: ["application/yaml", "application/json"], errors: [400],
    answers: { 200: { description: "The gate's verdict", schema: checkAnswer } },
  }, async (c) => {
    const q = reportOf(c);
    const parsed = parseRequirements(await scenarioText(c));
    if (!parsed.ok) throw new GatewayError("INVALID_REQUEST_DATA", { message: "The requirement file has problems.", details: Object.fromEntries(parsed.problems.map((p, i) => [`problem ${i + 1}`, p])) });
    return rendered(c, q.format, checkCoverage(recorder(c).coverage(q.world), parsed.name, parsed.require), checkJunit, checkMarkdown);
  });

  let schema: object | null = null;
  controlRoute(ctl, {
    method: "GET", path: "/schemas/coverage.json", tag: "verdict", summary: "The JSON Schema of coverage requirement files",
    description: "The schema `coverage/schema.json` of the package: the format of `--require` files, with every catalogue id as an allowed value, for editors.",
    answers: { 200: { description: "A JSON Schema (draft 2020-12)", schema: lazy(() => z.record(z.string(), z.unknown())) } },
  }, (c) => c.json((schema ??= requirementsJsonSchema())));

  controlRoute(ctl, {
    method: "DELETE", path: "/coverage", tag: "verdict", summary: "Start a new run: forget coverage and findings",
    description: "Every world's coverage and conduct findings are forgotten (silences are kept), as at a fresh start; the journal is untouched.",
    answers: { 200: { description: "Forgotten", schema: coverageAnswer } },
  }, (c) => {
    recorder(c).clear();
    return c.json(recorder(c).coverage());
  });

  controlRoute(ctl, {
    method: "GET", path: "/audit", tag: "verdict", summary: "Where the client broke the spec's rules",
    description: "Client-conduct findings: a payment re-sent after a 502 without reconciling and the second charge it made, retries of 4xx, retries without backoff or beyond four attempts, `X-Acting-As-Client-Id` misuse, `updateClient` re-sending unchanged properties, repeated 409s without a read. Each cites the spec sentence, the journal entries and what to do instead. Retry gaps are wall-clock facts kept outside the journal.",
    query: reportQuery, errors: [400],
    answers: { 200: { description: "The findings", schema: auditAnswer } },
  }, (c) => {
    const q = reportOf(c);
    return rendered(c, q.format, recorder(c).audit(q.world), auditJunit, auditMarkdown);
  });

  controlRoute(ctl, {
    method: "PUT", path: "/audit/silenced/:kind", tag: "verdict", summary: "Silence a finding kind in this world",
    description: "Findings of that kind in this world are left out of `GET /_mock/audit` (and counted under `silenced`), for a suite that tests that misbehaviour on purpose.",
    errors: [400],
    answers: { 200: { description: "The silenced kinds of this world", schema: silencedAnswer } },
  }, (c) => c.json({ silenced: recorder(c).silence(c.get("sandboxId"), kindOf(c)) }));

  controlRoute(ctl, {
    method: "DELETE", path: "/audit/silenced/:kind", tag: "verdict", summary: "Report a silenced finding kind again",
    description: "Undoes `PUT /_mock/audit/silenced/{kind}` in this world.",
    errors: [400],
    answers: { 200: { description: "The silenced kinds of this world", schema: silencedAnswer } },
  }, (c) => c.json({ silenced: recorder(c).silence(c.get("sandboxId"), kindOf(c), false) }));

  controlRoute(ctl, {
    method: "GET", path: "/audit/silenced", tag: "verdict", summary: "The silenced finding kinds of this world",
    description: "What `PUT /_mock/audit/silenced/{kind}` silenced here.",
    answers: { 200: { description: "The silenced kinds of this world", schema: silencedAnswer } },
  }, (c) => c.json({ silenced: recorder(c).silencedIn(c.get("sandboxId")) }));
}

function recorder(c: Context<AppEnv>): Verdict {
  const v = c.get("facts").verdict;
  if (!v) throw new GatewayError("RESOURCE_NOT_FOUND", { message: "Coverage and audit are off in this server." });
  return v;
}

function kindOf(c: Context<AppEnv>): FindingName {
  const kind = parseWith(kindParam(), c.req.param(), "body").kind;
  if ((FINDING_NAMES as string[]).includes(kind)) return kind as FindingName;
  const near = nearest(kind, FINDING_NAMES);
  throw new GatewayError("INVALID_REQUEST_DATA", { details: { kind: `is not a finding kind (${near ? `did you mean ${near}? ` : ""}one of ${FINDING_NAMES.join(", ")})` } });
}

/** A report route's query: its `format`, and the world it covers (`scope=world`: this one; else every world). */
function reportOf(c: Context<AppEnv>): { format: string | undefined; world: string | null | undefined } {
  const q = parseWith(reportQuery(), readQuery(c.req.url), "query");
  return { format: q.format, world: q.scope === "world" ? c.get("sandboxId") : undefined };
}

/** A report as JSON, or in the text form its `format` names (JUnit XML, Markdown). */
function rendered<T>(c: Context<AppEnv>, format: string | undefined, report: T, junit: (r: T) => string, markdown: (r: T) => string): Response {
  return format === "junit" ? text(c, junit(report), "xml") : format === "markdown" ? text(c, markdown(report)) : c.json(report as object);
}

function text(c: Context<AppEnv>, body: string, kind: "xml" | "markdown" = "markdown"): Response {
  return c.body(body, 200, { "content-type": kind === "xml" ? "application/xml; charset=utf-8" : "text/markdown; charset=utf-8" });
}
