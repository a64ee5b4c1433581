import { FileError, parseFixtures, readRegularFile } from "./load-files.js";
import { formatProblem, parseScenario } from "../scenarios/loader.js";

/**
 * `paydouble check [--strict] FILES...`: validates scenario and fixture files with the loaders the
 * server uses and prints the same messages (`file:line:column: path: problem`), one line each.
 * The kind of a file is told by its content: a top-level `clients` or `integrations` without
 * `rules`, `version` or `name` is a fixtures file, anything else a scenario. Warnings (rules that
 * can never fire) are printed and keep `ok`; `strict` makes them errors. `ok` is false when any
 * file has an error (the process then exits 2).
 */
export function checkFiles(files: readonly string[], options: { strict?: boolean } = {}): { ok: boolean; lines: string[] } {
  const lines: string[] = [];
  let ok = true;
  for (const file of files) {
    let text: string;
    try {
      text = readRegularFile(file); // a FIFO or device would block forever
    } catch (e) {
      ok = false;
      lines.push(`${file}:1:1: (file): cannot read: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
      continue;
    }
    if (isFixtures(text)) {
      try {
        const f = parseFixtures(text, file);
        lines.push(`${file}: ok (fixtures, ${count(f.clients.length, "client")}, ${count(f.integrations.length, "integration")})`);
      } catch (e) {
        if (!(e instanceof FileError)) throw e;
        ok = false;
        lines.push(e.message);
      }
      continue;
    }
    const result = parseScenario(text, options);
    const all = [...result.warnings, ...(result.ok ? [] : result.problems)].sort((a, b) => a.line - b.line || a.column - b.column);
    lines.push(...all.map((p) => formatProblem(file, p)));
    if (result.ok) {
      const s = result.scenario;
      const warned = result.warnings.length ? `, ${count(result.warnings.length, "warning")}` : "";
      lines.push(`${file}: ok (scenario ${s.name}, ${count(s.rules.length, "rule")}, ${count(s.timeline.length, "timeline entry", "timeline entries")}${warned})`);
    } else {
      ok = false;
    }
  }
  return { ok, lines };
}

/** `1 rule`, `2 rules`, `0 rules`: the summary reads as a sentence does. */
const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Top-level keys decide; a quick look, the real parse comes after. */
function isFixtures(text: string): boolean {
  const top = new Set([...text.matchAll(/^([A-Za-z_]+)\s*:/gm)].map((m) => m[1]));
  if (top.has("rules") || top.has("version") || top.has("name") || top.has("timeline")) return false;
  if (top.has("clients") || top.has("integrations")) return true;
  return /^\s*\{\s*"(clients|integrations)"/.test(text);
}
