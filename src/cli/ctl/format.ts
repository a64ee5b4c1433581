/**
 * The human forms of `paydouble ctl`'s answers: short lines a person scans in a terminal (the
 * control API's JSON stays one `--json` away). Pure functions of the answers, tested alone.
 */
import type { JournalEntry } from "../../gateway/journal-entry.js";

/** A journal entry as `GET /_mock/requests` answers it (the fields read here). */
export type Entry = Pick<JournalEntry, "seq" | "at" | "method" | "path" | "query" | "operation" | "client_id" | "status" | "error_code" | "rule" | "near_misses" | "body" | "response">;

export interface Fired {
  at: string;
  event: string;
  subject: string;
}

/** `1 rule`, `2 rules`. */
const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? "" : "s"}`;

const pathOf = (e: Entry) => {
  const q = new URLSearchParams(e.query).toString();
  return q ? `${e.path}?${q}` : e.path;
};

/** `result=` of a payment answer, `error=` of an envelope, `rule="..."` when a rule shaped it. */
function verdict(e: Entry): string[] {
  const result = (e.response as { result?: unknown } | null)?.result;
  return [
    ...(typeof result === "string" ? [`result=${result}`] : []),
    ...(e.error_code ? [`error=${e.error_code}`] : []),
    ...(e.rule ? [`rule=${JSON.stringify(e.rule)}`] : []),
  ];
}

/** One line per entry: `#seq at status METHOD path?query operation result= error= rule=`. */
export function entryLine(e: Entry): string {
  return [`#${e.seq}`, e.at, e.status === 0 ? "---" : String(e.status), e.method, pathOf(e), e.operation ?? "-", ...verdict(e)].join(" ");
}

export function requestList(answer: { data: Entry[]; count: number }): string {
  if (answer.data.length === 0) return answer.count === 0 ? "no requests match" : `${answer.count} match; none shown`;
  const more = answer.count > answer.data.length ? [`(the newest ${answer.data.length} of ${answer.count} matching)`] : [];
  return [...answer.data.map(entryLine), ...more].join("\n");
}

const indented = (v: unknown) => (v === null || v === undefined ? ["    none"] : JSON.stringify(v, null, 2).split("\n").map((l) => `    ${l}`));

/** One entry whole: the line, who asked, what shaped it, then what was sent and answered. */
export function requestWhole(e: Entry): string {
  return [
    entryLine(e),
    `  client    ${e.client_id ?? "-"}`,
    `  shaped by ${e.rule ?? "no rule (the gateway's own answer)"}`,
    ...e.near_misses.map((m, i) => `  ${i === 0 ? "near miss" : "         "} ${m.rule}: ${m.reason}`),
    "  request",
    ...indented(e.body),
    "  answer",
    ...(e.status === 0 ? ["    none sent (a scenario's transport fault)"] : indented(e.response)),
  ].join("\n");
}

/** Why entry `e` got its answer, from what the journal recorded at the time. */
export function explainEntry(e: Entry): string {
  const envelope = e.response as { message?: unknown; details?: unknown } | null;
  const lines = [entryLine(e)];
  if (e.rule) lines.push(`  shaped by rule ${e.rule}`);
  else if (e.operation === null) lines.push("  no operation: the request was refused before it reached one (unknown path or method)");
  else lines.push("  no scenario rule shaped it: this is the gateway's own answer (the spec's behaviour, quirks included)");
  if (e.error_code) {
    lines.push(`  error ${e.error_code}${typeof envelope?.message === "string" ? `: ${envelope.message}` : ""}`);
    if (envelope?.details && typeof envelope.details === "object") {
      for (const [field, why] of Object.entries(envelope.details as Record<string, unknown>)) lines.push(`    ${field}: ${String(why)}`);
    }
  }
  if (e.near_misses.length) lines.push("  rules that nearly matched:", ...e.near_misses.map((m) => `    ${m.rule}: ${m.reason}`));
  else if (e.operation !== null && !e.rule) lines.push("  no rule of a loaded scenario file came close");
  return lines.join("\n");
}

/** The answer of `POST /_mock/scenarios/explain`. */
export function explainAnswer(a: { matched: { rule: string; outcome: Record<string, unknown>; chance?: number } | null; near_misses: { rule: string; reason: string }[] }): string {
  const lines = [
    a.matched
      ? `would match ${a.matched.rule}: ${JSON.stringify(a.matched.outcome)}${a.matched.chance !== undefined ? ` (chance ${a.matched.chance})` : ""}`
      : "would match no rule: the gateway's own answer",
  ];
  if (a.near_misses.length) lines.push("rules that nearly matched:", ...a.near_misses.map((m) => `  ${m.rule}: ${m.reason}`));
  return lines.join("\n");
}

export const firedLines = (fired: Fired[]) => fired.map((f) => `  fired ${f.at} ${f.event} ${f.subject}`);

export function clockAnswer(a: { now: string; tick: string; pending: Fired[] }): string {
  return [`now ${a.now} (each /v1 request adds ${a.tick})`, ...(a.pending.length ? a.pending.map((p) => `  pending ${p.at} ${p.event} ${p.subject}`) : ["  nothing pending"])].join("\n");
}

export const advanced = (a: { now: string; fired: Fired[] }) => [`now ${a.now}`, ...firedLines(a.fired)].join("\n");

interface Scenario {
  name: string;
  origin: string;
  enabled: boolean;
  rules: { label: string; name?: string | null; hits: number }[];
}

/** The active set, newest first; the built-in magic values in one line (their rules: `--json`). */
export function scenarioList(a: { scenarios: Scenario[] }): string {
  if (a.scenarios.length === 0) return "no scenarios active";
  return a.scenarios
    .flatMap((s) => {
      const state = s.enabled ? "" : " (disabled)";
      const hits = s.rules.reduce((n, r) => n + r.hits, 0);
      if (s.origin === "builtin") return [`builtin  the built-in magic values: ${count(s.rules.length, "rule")}, ${count(hits, "hit")}${state}`];
      return [`${s.name}  ${s.origin}, ${count(s.rules.length, "rule")}${state}`, ...s.rules.map((r) => `  ${count(r.hits, "hit").padEnd(7)} ${r.label}`)];
    })
    .join("\n");
}

export function loaded(a: { loaded?: string; replaced?: string; rules: number; timeline: number; warnings: string[] }): string {
  const what = a.loaded !== undefined ? `loaded ${a.loaded}` : `replaced ${a.replaced}`;
  return [`${what}: ${count(a.rules, "rule")}, ${count(a.timeline, "timeline step")}`, ...a.warnings.map((w) => `  warning: ${w}`)].join("\n");
}
