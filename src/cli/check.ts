import { ScenarioFileError } from "../scenarios/loader.js";
import { readScenarioFile } from "../scenarios/library.js";

/**
 * `paydouble check FILES...`: validates scenario files with the loader the server uses and returns
 * the same messages (`file:line:column: path: problem`), one line each; `ok` is false when any
 * file has a problem (the process then exits 2).
 */
export function checkFiles(files: readonly string[]): { ok: boolean; lines: string[] } {
  const lines: string[] = [];
  let ok = true;
  for (const file of files) {
    try {
      const s = readScenarioFile(file);
      lines.push(`${file}: ok (scenario ${s.name}, ${s.rules.length} rules, ${s.timeline.length} timeline entries)`);
    } catch (e) {
      if (!(e instanceof ScenarioFileError)) throw e;
      ok = false;
      lines.push(e.message);
    }
  }
  return { ok, lines };
}
