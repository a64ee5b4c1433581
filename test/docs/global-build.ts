import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";

/** Where the docs runner finds its own copy of the built CLI (see below). */
export const DOCS_CLI_DIR = ".tmp/docs-cli";

/** Newest modification time under a path (files only). */
function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((f) => newest(join(path, f))));
}

/**
 * Before any test file runs: build `dist/` when it is missing or older than its sources (a clone
 * where `npm ci` did not build), then copy the built CLI with the fixtures and scenarios it reads to
 * `.tmp/docs-cli`, so the docs examples run a CLI that no parallel test rebuilds under them.
 */
export default function setup(): void {
  if (!runsDocsExamples()) return;
  const built = newest("dist/bin");
  const sources = Math.max(newest("src"), newest("scripts/build-extras.mjs"), newest("scripts/cli-loader.cjs"), newest("fixtures"), newest("scenarios"), newest("tsconfig.build.json"));
  if (!existsSync("dist/cli.cjs") || built < sources) {
    console.log("docs examples: dist/ is missing or stale, running npm run build");
    execFileSync("npm", ["run", "-s", "build"], { stdio: "inherit" });
  }
  rmSync(DOCS_CLI_DIR, { recursive: true, force: true });
  mkdirSync(DOCS_CLI_DIR, { recursive: true });
  for (const f of ["dist", "fixtures", "scenarios", "package.json"]) cpSync(f, join(DOCS_CLI_DIR, f), { recursive: true });
}

/**
 * False when the command line names test files and none of them is the docs runner (vitest matches
 * its file filters as substrings of the path), so `npx vitest run test/foo.test.ts` never builds.
 */
function runsDocsExamples(): boolean {
  const args = process.argv.slice(2);
  const filters = args.filter((a, i) => !a.startsWith("-") && !/^(run|watch|related|bench)$/.test(a) && !/vitest/.test(a) && !/^(-t|-c|-r|--(reporter|outputFile|config|root|project|testNamePattern))$/.test(args[i - 1] ?? ""));
  return !filters.length || filters.some((f) => "test/docs-examples.test.ts".includes(f) || f.includes("docs-examples"));
}
