import { parseDocument } from "yaml";
import * as z from "zod";
import { lazy } from "../core/lazy.js";
import { nearest } from "../core/nearest.js";
import { CATALOGUE, OUTCOME_IDS } from "./catalogue.js";
import type { Cited, CoverageReport } from "./verdict.js";

/**
 * The CI gate's input: a small YAML (or JSON) file naming the outcomes a suite must meet. Its JSON
 * Schema is published as `coverage/schema.json` (generated from this zod schema, with the catalogue's
 * ids as the allowed values) so editors complete and check the ids. Built on first use: a start
 * reads no requirement file.
 */
const outcomeId = lazy(() => z.string().min(1).max(200).meta({ description: "An outcome id of the catalogue (`GET /_mock/coverage` lists them), e.g. `createTransaction/declined`." }));
export const requirementsSchema = lazy(() => z
  .object({
    version: z.literal(1).meta({ description: "The format version: 1." }),
    name: z.string().min(1).max(200).optional().meta({ description: "A name for the report (the JUnit test suite's name)." }),
    require: z
      .array(
        z.union([
          outcomeId(),
          z.object({ outcome: outcomeId(), why: z.string().max(500).optional().meta({ description: "Why the suite must meet it (shown in the reports)." }) }).strict(),
        ]),
      )
      .min(1)
      .meta({ description: "The outcomes the suite must meet: an id, or `{outcome, why}`." }),
  })
  .strict());

export interface Requirement {
  outcome: string;
  why: string | null;
}

export type ParsedRequirements = { ok: true; name: string; require: Requirement[] } | { ok: false; problems: string[] };

/** Reads a requirement file's text (YAML or JSON); every problem named with its place (and a nearest id). */
export function parseRequirements(text: string): ParsedRequirements {
  const doc = parseDocument(text, { prettyErrors: false });
  if (doc.errors.length) return { ok: false, problems: doc.errors.map((e) => `line ${e.linePos?.[0]?.line ?? "?"}: ${e.message.split("\n")[0]}`) };
  const parsed = requirementsSchema().safeParse(doc.toJS());
  if (!parsed.success) return { ok: false, problems: parsed.error.issues.map((i) => `${i.path.join(".") || "(file)"}: ${i.message}`) };
  const require = parsed.data.require.map((r, i) => (typeof r === "string" ? { outcome: r, why: null, i } : { outcome: r.outcome, why: r.why ?? null, i }));
  const problems = require
    .filter((r) => !OUTCOME_IDS.has(r.outcome))
    .map((r) => {
      const near = nearest(r.outcome, [...OUTCOME_IDS]);
      return `require.${r.i}: no outcome ${r.outcome} in the catalogue${near ? ` (did you mean ${near}?)` : ""}`;
    });
  if (problems.length) return { ok: false, problems };
  return { ok: true, name: parsed.data.name ?? "paydouble coverage", require: require.map(({ outcome, why }) => ({ outcome, why })) };
}

export interface RequirementResult {
  outcome: string;
  operation: string;
  title: string;
  why: string | null;
  met: boolean;
  by: Cited | null;
}

/** The gate's verdict: each required outcome, met or not, against a coverage report. */
export interface CheckResult {
  name: string;
  passed: boolean;
  required: RequirementResult[];
  missed: string[];
}

/** Checks a coverage report against the requirements. */
export function checkCoverage(report: CoverageReport, name: string, require: readonly Requirement[]): CheckResult {
  const byId = new Map(report.operations.flatMap((g) => g.outcomes.map((o) => [o.id, { ...o, operation: g.operation }] as const)));
  const required = require.map((r) => {
    const o = byId.get(r.outcome);
    return { outcome: r.outcome, operation: o?.operation ?? "", title: o?.title ?? "", why: r.why, met: o?.met ?? false, by: o?.by ?? null };
  });
  const missed = required.filter((r) => !r.met).map((r) => r.outcome);
  return { name, passed: missed.length === 0, required, missed };
}

const EXAMPLES: Record<string, unknown[]> = {
  version: [1],
  name: ["checkout payments"],
  require: [["createTransaction/declined", { outcome: "createTransaction/502-created", why: "we must not charge twice" }]],
  outcome: ["createTransaction/502-created"],
  why: ["we must not charge twice"],
};

/** The published JSON Schema of a requirement file (`coverage/schema.json`), with editor help and the catalogue's ids. */
export function requirementsJsonSchema(): Record<string, unknown> {
  const json = z.toJSONSchema(requirementsSchema(), { io: "input" }) as Record<string, unknown>;
  const ids = CATALOGUE.map((o) => o.id);
  const described = CATALOGUE.map((o) => `${o.title}; ${o.source}.`);
  const help = (props: Record<string, Record<string, unknown>>) => {
    for (const [name, p] of Object.entries(props)) Object.assign(p, { markdownDescription: p.description, examples: EXAMPLES[name] });
  };
  const withIds = (p: Record<string, unknown>) => Object.assign(p, { enum: ids, enumDescriptions: described, markdownEnumDescriptions: described });
  const props = json.properties as Record<string, Record<string, unknown>>;
  help(props);
  const items = props.require!.items as { anyOf: Record<string, unknown>[] };
  withIds(items.anyOf[0]!);
  const entry = items.anyOf[1]!.properties as Record<string, Record<string, unknown>>;
  help(entry);
  withIds(entry.outcome!);
  return { ...json, $id: "https://paydouble.dev/schema/coverage-requirements-v1.json", title: "paydouble coverage requirements, format v1" };
}
