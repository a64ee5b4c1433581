import { isMap, isSeq, LineCounter, parseDocument, type Node } from "yaml";
import type { z } from "zod";
import { scenarioSchema, type ScenarioFile } from "./schema.js";

/**
 * Scenario text (YAML, or JSON, which YAML 1.2 reads too) -> a validated {@link ScenarioFile}, or
 * every problem with its line, column and dotted path. Nothing is returned half-loaded: one problem
 * and the whole file is refused.
 */
export interface Problem {
  /** Dotted path of the offending value (`rules.0.when.operation`), `(syntax)` for YAML errors. */
  path: string;
  line: number;
  column: number;
  message: string;
}

export type ParseResult = { ok: true; scenario: ScenarioFile } | { ok: false; problems: Problem[] };

export function parseScenario(text: string): ParseResult {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  const at = (offset: number) => lines.linePos(offset);
  if (doc.errors.length > 0) {
    return {
      ok: false,
      problems: doc.errors.map((e) => ({ path: "(syntax)", ...lc(at(e.pos[0])), message: e.message.split("\n")[0] })),
    };
  }
  const data = doc.toJS({ maxAliasCount: 100 });
  const result = scenarioSchema.safeParse(data);
  if (result.success) return { ok: true, scenario: result.data };
  const problems: Problem[] = [];
  for (const issue of result.error.issues.flatMap(unwrap)) {
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) {
        const pos = locate(doc.contents, [...issue.path, key], true);
        problems.push({ path: dotted([...issue.path, key]), ...lc(at(pos)), message: "is not a known field" });
      }
      continue;
    }
    const pos = locate(doc.contents, issue.path, false);
    const message = issue.code === "invalid_type" && issue.input === undefined ? "is required" : issue.message;
    problems.push({ path: dotted(issue.path), ...lc(at(pos)), message });
  }
  problems.sort((a, b) => a.line - b.line || a.column - b.column);
  return { ok: false, problems };
}

/** `file:line:column: path: message`, the form `paydouble check` prints and startup errors use. */
export function formatProblem(file: string, p: Problem): string {
  return `${file}:${p.line}:${p.column}: ${p.path}: ${p.message}`;
}

/** Problems as the envelope's `details`: path -> `line L, column C: message`. */
export function problemDetails(problems: readonly Problem[], prefix = ""): Record<string, string> {
  const details: Record<string, string> = {};
  for (const p of problems) {
    let key = prefix + p.path;
    for (let n = 2; key in details; n++) key = `${prefix}${p.path} (${n})`;
    details[key] = `line ${p.line}, column ${p.column}: ${p.message}`;
  }
  return details;
}

/** A scenario file that cannot be used at start (`--scenario`, `createDouble({scenarios})`). */
export class ScenarioFileError extends Error {
  constructor(
    readonly file: string,
    readonly problems: Problem[],
  ) {
    super(problems.map((p) => formatProblem(file, p)).join("\n"));
  }
}

function lc(pos: { line: number; col: number }): { line: number; column: number } {
  return { line: pos.line, column: pos.col };
}

function dotted(path: readonly PropertyKey[]): string {
  return path.length === 0 ? "(root)" : path.map(String).join(".");
}

/**
 * A union failure names its branches' issues; report the branch that got furthest (the deepest
 * path), so `operation: creatTransaction` says "unknown operation", not "Invalid input".
 */
function unwrap(issue: z.core.$ZodIssue): z.core.$ZodIssue[] {
  if (issue.code !== "invalid_union" || issue.errors.length === 0) return [issue];
  const branches = issue.errors.map((branch) => branch.map((i) => ({ ...i, path: [...issue.path, ...i.path] }) as z.core.$ZodIssue));
  const score = (b: z.core.$ZodIssue[]) => Math.max(...b.map((i) => i.path.length + (i.code === "invalid_type" ? 0 : 0.5)));
  const best = branches.reduce((a, b) => (score(b) > score(a) ? b : a));
  return best.flatMap(unwrap);
}

/** Source offset of the node at `path` (or of its key), falling back to the nearest ancestor. */
function locate(root: unknown, path: readonly PropertyKey[], wantKey: boolean): number {
  let node = root as Node | null | undefined;
  let offset = node?.range?.[0] ?? 0;
  for (let i = 0; i < path.length && node; i++) {
    const seg = path[i];
    const last = i === path.length - 1;
    if (isMap(node)) {
      const pair = node.items.find((p) => keyOf(p.key) === String(seg));
      if (!pair) break;
      const key = pair.key as Node | null;
      if (last && wantKey && key?.range) return key.range[0];
      node = pair.value as Node | null;
      offset = node?.range?.[0] ?? key?.range?.[0] ?? offset;
    } else if (isSeq(node)) {
      node = node.items[Number(seg)] as Node | undefined;
      offset = node?.range?.[0] ?? offset;
    } else break;
  }
  return offset;
}

function keyOf(key: unknown): string {
  if (key && typeof key === "object" && "value" in key) return String((key as { value: unknown }).value);
  return String(key);
}
