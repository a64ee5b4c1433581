import type { CheckResult } from "./requirements.js";
import type { AuditReport, Cited, CoverageReport } from "./verdict.js";

/**
 * The reports in the formats CI shows: JUnit XML (one test case per required outcome, or per
 * finding), and Markdown for a job summary (`$GITHUB_STEP_SUMMARY`). JSON is the report itself.
 */
export type ReportFormat = "json" | "junit" | "markdown";
export const REPORT_FORMATS: readonly ReportFormat[] = ["json", "junit", "markdown"];

const xml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
const cell = (s: string) => s.replace(/\|/g, "\\|").replace(/\n/g, " ");
const where = (c: Cited) => `${c.world ? `${c.world} ` : ""}#${c.seq} ${c.method} ${c.path} → ${c.status}`;

/** JUnit XML of a gate check: each required outcome a test case, a missed one failed. */
export function checkJunit(check: CheckResult): string {
  const cases = check.required.map((r) => {
    const head = `    <testcase classname="paydouble.coverage.${xml(r.operation)}" name="${xml(r.outcome)}" time="0">`;
    if (r.met) return `${head}\n      <system-out>${xml(`met by ${where(r.by!)}`)}</system-out>\n    </testcase>`;
    const text = `${r.title} was not met by any request of the run.${r.why ? ` Required because: ${r.why}` : ""}`;
    return `${head}\n      <failure message="${xml(`not met: ${r.outcome}`)}" type="OutcomeNotMet">${xml(text)}</failure>\n    </testcase>`;
  });
  return suite(check.name, check.required.length, check.missed.length, cases);
}

/** JUnit XML of an audit: one test case per finding (each a failure), or one passing case when clean. */
export function auditJunit(audit: AuditReport): string {
  const cases = audit.findings.map((f) => {
    const head = `    <testcase classname="paydouble.audit.${xml(f.kind)}" name="${xml(`${f.kind}: ${f.operation ?? ""}`)}" time="0">`;
    const text = `${f.message}\n${f.rule}: "${f.spec}"\nEntries: ${f.entries.map(where).join("; ")}\nInstead: ${f.instead}`;
    return `${head}\n      <failure message="${xml(f.title)}" type="${xml(f.kind)}">${xml(text)}</failure>\n    </testcase>`;
  });
  if (cases.length === 0) cases.push(`    <testcase classname="paydouble.audit" name="no findings" time="0"/>`);
  return suite("paydouble audit", cases.length, audit.findings.length, cases);
}

function suite(name: string, tests: number, failures: number, cases: string[]): string {
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<testsuites name="${xml(name)}" tests="${tests}" failures="${failures}">`,
    `  <testsuite name="${xml(name)}" tests="${tests}" failures="${failures}" errors="0" skipped="0">`,
    ...cases,
    `  </testsuite>`,
    `</testsuites>`,
    "",
  ].join("\n");
}

/** Markdown of a gate check: a verdict line and a table of the required outcomes. */
export function checkMarkdown(check: CheckResult): string {
  const lines = [
    `### ${check.name}: ${check.passed ? "all required outcomes met" : `${check.missed.length} of ${check.required.length} required outcomes missed`}`,
    "",
    "| Outcome | Met | By |",
    "|---|---|---|",
    ...check.required.map((r) => `| \`${r.outcome}\` ${cell(r.title)} | ${r.met ? "yes" : "**no**"} | ${r.by ? cell(where(r.by)) : cell(r.why ?? "")} |`),
    "",
  ];
  return lines.join("\n");
}

/** Markdown of a coverage report: per operation, the outcomes met and the request that met each. */
export function coverageMarkdown(report: CoverageReport): string {
  const lines = [`### paydouble coverage (${report.scope}): ${report.met} of ${report.outcomes} outcomes met by ${report.requests} requests`, ""];
  lines.push("| Operation | Outcome | Met | By |", "|---|---|---|---|");
  for (const g of report.operations) {
    for (const o of g.outcomes) lines.push(`| ${g.operation} | \`${o.id.slice(o.id.indexOf("/") + 1)}\` ${cell(o.title)} | ${o.met ? "yes" : "no"} | ${o.by ? cell(where(o.by)) : ""} |`);
  }
  lines.push("");
  return lines.join("\n");
}

/** Markdown of an audit: each finding with its rule, the spec's sentence, the entries and what to do instead. */
export function auditMarkdown(audit: AuditReport): string {
  const silenced = audit.silenced.length ? ` (${audit.silenced.map((s) => s.kind).join(", ")} silenced)` : "";
  if (audit.findings.length === 0) return `### paydouble audit: no findings${silenced}\n`;
  const lines = [`### paydouble audit: ${audit.findings.length} finding${audit.findings.length === 1 ? "" : "s"}${silenced}`, ""];
  for (const f of audit.findings) {
    lines.push(`- **${f.kind}**: ${f.message}${f.repeats ? ` (and ${f.repeats} more)` : ""}`);
    lines.push(`  - ${f.rule}: "${f.spec}"`);
    lines.push(`  - entries: ${f.entries.map((e) => `\`${where(e)}\``).join(", ")}`);
    lines.push(`  - instead: ${f.instead}`);
  }
  lines.push("");
  return lines.join("\n");
}

/** A coverage report as JUnit XML without requirements: met outcomes pass, the others are skipped. */
export function coverageJunit(report: CoverageReport): string {
  const cases = report.operations.flatMap((g) =>
    g.outcomes.map((o) => {
      const head = `    <testcase classname="paydouble.coverage.${xml(g.operation)}" name="${xml(o.id)}" time="0">`;
      return o.met ? `${head}\n      <system-out>${xml(`met by ${where(o.by!)}`)}</system-out>\n    </testcase>` : `${head}\n      <skipped message="not met"/>\n    </testcase>`;
    }),
  );
  return suite("paydouble coverage", cases.length, 0, cases).replace(/skipped="0"/, `skipped="${report.outcomes - report.met}"`);
}
