import { isAlias, isMap, isSeq, LineCounter, parseDocument, visit, type Node } from "yaml";
import type { z } from "zod";
import { describeType } from "./messages.js";
import { nearest } from "../core/nearest.js";

/**
 * YAML (or JSON) text -> data with every node's line and column, inside limits that keep a hostile
 * file from exhausting the process (issue 11 item 9): shared by scenario and fixture files.
 */
export interface Problem {
  /** Dotted path of the offending value (`rules.0.when.operation`), `(syntax)` for YAML errors. */
  path: string;
  line: number;
  column: number;
  message: string;
}

/**
 * Alias expansions allowed: a file reusing one anchor a few hundred times loads, a "billion laughs"
 * (aliases of aliases) is refused long before it grows. yaml counts each alias by the nodes it
 * expands to.
 */
export const MAX_ALIAS_EXPANSION = 1000;
/** Flow nesting (`[[[`, `{{{`) and block indentation the parser is given; deeper is refused unread. */
export const MAX_FLOW_DEPTH = 64;
export const MAX_INDENT = 256;

export type Source = { ok: true; data: unknown; at: (path: readonly PropertyKey[], key?: boolean) => Pick<Problem, "line" | "column"> } | { ok: false; problems: Problem[] };

export function readSource(text: string): Source {
  const tooDeep = depthProblem(text);
  if (tooDeep) return { ok: false, problems: [tooDeep] };
  // JSON (what `createDouble({scenarios: [object]})` and JSON uploads send) is read by JSON.parse,
  // many times faster than the YAML parser on big files; positions are computed only if asked for.
  if (/^\s*\{/.test(text)) {
    try {
      const data: unknown = JSON.parse(text);
      let yaml: Source | null = null;
      const at = (path: readonly PropertyKey[], key?: boolean) => {
        yaml ??= readYaml(text);
        return yaml.ok ? yaml.at(path, key) : { line: 1, column: 1 };
      };
      return { ok: true, data, at };
    } catch {
      // Not strict JSON: YAML flow style, read below.
    }
  }
  return readYaml(text);
}

function readYaml(text: string): Source {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  const pos = (offset: number) => {
    const p = lines.linePos(offset);
    return { line: p.line, column: p.col };
  };
  if (doc.errors.length > 0) {
    return { ok: false, problems: doc.errors.map((e) => ({ path: "(syntax)", ...pos(e.pos[0]), message: e.message.split("\n")[0]! })) };
  }
  let data: unknown;
  try {
    data = doc.toJS({ maxAliasCount: MAX_ALIAS_EXPANSION });
  } catch (e) {
    if (!(e instanceof ReferenceError)) throw e;
    let first = 0;
    visit(doc, { Alias: (_, node) => ((first = node.range?.[0] ?? 0), visit.BREAK) });
    const message = /Excessive alias/.test(e.message)
      ? `aliases expand to more than ${MAX_ALIAS_EXPANSION} nodes (anchors of anchors?); write the data out or reuse fewer times`
      : e.message;
    return { ok: false, problems: [{ path: "(aliases)", ...pos(first), message }] };
  }
  return { ok: true, data, at: (path, key = false) => pos(locate(doc.contents, path, key)) };
}

/** A cheap scan before parsing: flow brackets and indentation past the limits (yaml recurses on both). */
function depthProblem(text: string): Problem | null {
  let depth = 0;
  let line = 1;
  let lineStart = 0;
  let quote: string | null = null;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === "\n") {
      line++;
      lineStart = i + 1;
      let indent = 0;
      while (text[i + 1 + indent] === " ") indent++;
      if (indent > MAX_INDENT) return { path: "(syntax)", line, column: indent + 1, message: `indented more than ${MAX_INDENT} columns: nesting too deep` };
      continue;
    }
    if (quote) {
      if (ch === quote && text[i - 1] !== "\\") quote = null;
      continue;
    }
    if (ch === '"' || (ch === "'" && /[\s[{,:]/.test(text[i - 1] ?? " "))) quote = ch;
    else if (ch === "#" && /\s/.test(text[i - 1] ?? " ")) {
      const nl = text.indexOf("\n", i);
      i = (nl < 0 ? text.length : nl) - 1;
    } else if (ch === "[" || ch === "{") {
      if (++depth > MAX_FLOW_DEPTH) return { path: "(syntax)", line, column: i - lineStart + 1, message: `flow collections nested more than ${MAX_FLOW_DEPTH} deep` };
    } else if (ch === "]" || ch === "}") depth = Math.max(0, depth - 1);
  }
  return null;
}

/** zod issues -> problems with positions (`unknown key` issues point at each key). */
export function issueProblems(issues: readonly z.core.$ZodIssue[], at: (path: readonly PropertyKey[], key?: boolean) => Pick<Problem, "line" | "column">): Problem[] {
  const problems: Problem[] = [];
  for (const issue of issues.flatMap(unwrap)) {
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) problems.push({ path: dotted([...issue.path, key]), ...at([...issue.path, key], true), message: "is not a known field" });
      continue;
    }
    problems.push({ path: dotted(issue.path), ...at(issue.path), message: messageOf(issue) });
  }
  return problems;
}

function messageOf(issue: z.core.$ZodIssue): string {
  const given = issue.input === undefined ? "" : `, given ${describeValue(issue.input)}`;
  switch (issue.code) {
    case "invalid_type":
      if (issue.input === undefined) return "is required";
      return `expected ${describeType(issue.expected)}${given}${issue.expected === "string" && typeof issue.input === "number" ? ` (quote it: "${issue.input}")` : ""}`;
    case "too_small":
      return issue.origin === "string" || issue.origin === "array" ? `${issue.message}${given}` : `must be at least ${String(issue.minimum)}${given}`;
    case "too_big":
      return issue.origin === "string" || issue.origin === "array" ? `${issue.message}${given}` : `must be at most ${String(issue.maximum)}${given}`;
    case "invalid_value": {
      // An enum written by the caller (zod's default text, or its house words: core/zod-words.ts):
      // name the choices, what was given and the closest one.
      if (!issue.message.startsWith("Invalid") && !/^must be (?:one of |")/.test(issue.message)) return issue.message;
      const choices = issue.values.map(String);
      const near = typeof issue.input === "string" ? nearest(issue.input, choices) : null;
      return `must be one of ${choices.join(", ")}${given}${near ? `; did you mean ${near}?` : ""}`;
    }
    case "invalid_key":
      // A record key that failed its own schema (a condition path too long): say why.
      return issue.issues[0] ? messageOf(issue.issues[0]) : issue.message;
    default:
      return issue.message;
  }
}

function describeValue(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "a list";
  if (typeof v === "object") return "a map";
  if (typeof v === "string") return `the text ${JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v)}`;
  return `the ${typeof v} ${String(v)}`;
}

export function dotted(path: readonly PropertyKey[]): string {
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
    if (isAlias(node)) break;
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
