import { readFileSync } from "node:fs";
import { auditJunit, auditMarkdown, checkJunit, checkMarkdown, coverageJunit, coverageMarkdown, REPORT_FORMATS, type ReportFormat } from "../../verdict/render.js";
import type { CheckResult } from "../../verdict/requirements.js";
import type { AuditReport, CoverageReport } from "../../verdict/verdict.js";
import type { CtlCommand, CtlContext } from "./commands.js";
import { UsageError } from "./http.js";

/** A verdict that fails the build: the report is printed first (stdout), then this exits 1 with the reason (stderr). */
export class VerdictFailed extends Error {}

function format(ctx: CtlContext): ReportFormat {
  const f = ctx.flags.format ?? "markdown";
  if (typeof f !== "string" || !(REPORT_FORMATS as string[]).includes(f)) throw new UsageError(`--format: expected one of ${REPORT_FORMATS.join(", ")}`);
  return f as ReportFormat;
}

function scope(ctx: CtlContext): string {
  const s = ctx.flags.scope;
  if (s === undefined) return "";
  if (s !== "run" && s !== "world") throw new UsageError("--scope: expected run or world");
  return `?scope=${s}`;
}

function readRequirements(file: string): [string, string] {
  try {
    return [readFileSync(file, "utf8"), file.endsWith(".json") ? "application/json" : "application/yaml"];
  } catch (e) {
    throw new UsageError(`cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
}

/** `paydouble ctl coverage [--require FILE]`: the coverage table, or the CI gate (exit 1 on a missed outcome). */
export const coverageCommand: CtlCommand = {
  usage: [
    "coverage [--format markdown|junit|json] [--scope run|world]   GET /_mock/coverage",
    "coverage --require FILE [--format ...]   POST /_mock/coverage/check: exit 1 listing the missed outcomes",
  ],
  flags: { require: { type: "string" }, format: { type: "string" }, scope: { type: "string" } },
  run: async (ctx) => {
    const f = format(ctx);
    if (typeof ctx.flags.require !== "string") {
      const report = (await ctx.api.call("GET", `/coverage${scope(ctx)}`)) as CoverageReport;
      ctx.out.write(f === "json" ? JSON.stringify(report, null, 2) + "\n" : f === "junit" ? coverageJunit(report) : coverageMarkdown(report));
      return;
    }
    const check = (await ctx.api.call("POST", `/coverage/check${scope(ctx)}`, ...readRequirements(ctx.flags.require))) as CheckResult;
    ctx.out.write(f === "json" ? JSON.stringify(check, null, 2) + "\n" : f === "junit" ? checkJunit(check) : checkMarkdown(check));
    if (!check.passed) throw new VerdictFailed(`coverage: ${check.missed.length} required outcome${check.missed.length === 1 ? "" : "s"} not met: ${check.missed.join(", ")}`);
  },
};

/** `paydouble ctl audit`: the client-conduct findings (exit 1 when there are any); silencing per world. */
export const auditCommand: CtlCommand = {
  usage: [
    "audit [--format markdown|junit|json] [--scope run|world]   GET /_mock/audit: exit 1 on findings",
    "audit silence KIND | unsilence KIND      PUT|DELETE /_mock/audit/silenced/KIND (this world)",
  ],
  flags: { format: { type: "string" }, scope: { type: "string" } },
  run: async (ctx) => {
    const word = ctx.args[0];
    if (word === "silence" || word === "unsilence") {
      const kind = ctx.args[1];
      if (!kind) throw new UsageError(`audit ${word}: missing KIND`);
      const answer = await ctx.api.call(word === "silence" ? "PUT" : "DELETE", `/audit/silenced/${encodeURIComponent(kind)}`);
      return void ctx.out.write(JSON.stringify(answer, null, 2) + "\n");
    }
    if (word !== undefined) throw new UsageError(`audit ${word}: expected silence, unsilence or nothing`);
    const f = format(ctx);
    const report = (await ctx.api.call("GET", `/audit${scope(ctx)}`)) as AuditReport;
    ctx.out.write(f === "json" ? JSON.stringify(report, null, 2) + "\n" : f === "junit" ? auditJunit(report) : auditMarkdown(report));
    if (report.findings.length) throw new VerdictFailed(`audit: ${report.findings.length} finding${report.findings.length === 1 ? "" : "s"}: ${[...new Set(report.findings.map((x) => x.kind))].join(", ")}`);
  },
};
