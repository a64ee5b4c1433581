import { execFile } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import type { Block } from "./blocks.js";

const run = promisify(execFile);
const DIR = ".tmp/docs-ts";

/** Each `ts` block's file name in the scratch folder. */
export const tsFile = (b: Block) => `${b.page.replace(/[^\w]+/g, "-")}-${b.line}.test.ts`;

/**
 * Type-checks every `ts` block with `tsc --strict` and runs them all with vitest in one child
 * process. `paydouble` imports point at this repository's `src/index.ts` (the pack-install test runs
 * the README's library example against the installed tarball instead). Answers, per file, "" when
 * it type-checks and passes, else the errors.
 */
export async function checkTypeScript(blocks: Block[]): Promise<Map<string, string>> {
  rmSync(DIR, { recursive: true, force: true });
  mkdirSync(DIR, { recursive: true });
  const problems = new Map<string, string>(blocks.map((b) => [tsFile(b), ""]));
  if (!blocks.length) return problems;
  for (const b of blocks) writeFileSync(join(DIR, tsFile(b)), b.body.replace(/from "paydouble"/g, 'from "../../src/index.js"'));
  const compilerOptions = { ...JSON.parse(readFileSync("tsconfig.json", "utf8")).compilerOptions, noEmit: true, rootDir: "../..", incremental: true, tsBuildInfoFile: "../docs-ts.tsbuildinfo" };
  writeFileSync(join(DIR, "tsconfig.json"), JSON.stringify({ compilerOptions, include: ["*.ts"] }));
  try {
    await run(process.execPath, ["node_modules/typescript/bin/tsc", "-p", join(DIR, "tsconfig.json")]);
  } catch (e) {
    for (const line of String((e as { stdout: string }).stdout).split("\n")) {
      const file = /docs-ts\/([^(]+)\(/.exec(line)?.[1];
      if (file && problems.has(file)) problems.set(file, `${problems.get(file)}tsc: ${line}\n`);
    }
  }
  writeFileSync(join(DIR, "vitest.config.mjs"), `export default { test: { include: ["*.test.ts"], testTimeout: 20000 } };\n`);
  const report = join(DIR, "report.json");
  await run(process.execPath, ["node_modules/vitest/vitest.mjs", "run", "--root", resolve(DIR), "--config", resolve(DIR, "vitest.config.mjs"), "--reporter=json", `--outputFile=${resolve(report)}`]).catch(() => undefined);
  const results = JSON.parse(readFileSync(report, "utf8")) as { testResults: { name: string; status: string; message: string; assertionResults: { status: string }[] }[] };
  for (const f of problems.keys()) {
    const r = results.testResults.find((t) => t.name.endsWith(`/${f}`));
    if (!r) problems.set(f, `${problems.get(f)}vitest: no result`);
    else if (r.status !== "passed" || !r.assertionResults.length) problems.set(f, `${problems.get(f)}vitest: ${r.status} ${r.message}`);
  }
  return problems;
}
