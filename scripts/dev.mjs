#!/usr/bin/env node
// `npm run dev [-- flags]`: for people changing paydouble's code. `node --watch-path=src ...` restarts
// this script on every change under src/, fixtures/ or scenarios/; it compiles src/ with tsc
// (incrementally) into .dev/ and runs the unbundled CLI from there with the same flags.
// .dev/ sits one folder below the repository like dist/, so the `../../fixtures/` URLs the modules
// resolve from import.meta.url point at the repository's own files. `npm start` runs the built
// dist/ instead (built once by `npm ci`'s `prepare`, or `npm run build`).
import { execFileSync } from "node:child_process";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
const started = process.hrtime.bigint();
process.stdout.write("paydouble dev: compiling src/ into .dev/ ...\n");
try {
  execFileSync(process.execPath, [tsc, "-p", `${root}tsconfig.build.json`, "--outDir", `${root}.dev`, "--declaration", "false", "--incremental", "--tsBuildInfoFile", `${root}.dev/.tsbuildinfo`], { stdio: "inherit" });
} catch {
  process.stdout.write("paydouble dev: tsc reported errors; waiting for the next change\n");
  process.exit(1);
}
process.stdout.write(`paydouble dev: compiled in ${Number(process.hrtime.bigint() - started) / 1e6 | 0} ms; starting (restarts on every change)\n`);
await import(new URL("../.dev/main.js", import.meta.url).href);
