#!/usr/bin/env node
// The steps of `npm run build` after tsc, both for the CLI's cold start (see notes/tooling.md):
//
// 1. dist/assets/{builtin,fixtures}.json: the shipped scenarios/builtin.yaml and
//    fixtures/default.yaml, validated now (src/cli/compiled.ts), so a start reads JSON instead of
//    parsing YAML and validating it again.
// 2. dist/bin/paydouble.js: src/main.ts and every production dependency bundled into one file by
//    esbuild (one module to load instead of about 230), and dist/main.js (the `bin`, the Docker CMD)
//    replaced by a one-line import of it. The library entry (dist/index.js) stays tsc's output.
//    The bundle sits two folders deep like dist/<folder>/<file>.js, so the `../../fixtures/` and
//    `../../scenarios/` URLs the modules resolve from import.meta.url point at the same places.
import { mkdirSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = fileURLToPath(new URL("..", import.meta.url));
const { compileAssets } = await import("../dist/cli/compiled.js");

mkdirSync(`${root}dist/assets`, { recursive: true });
for (const [name, asset] of Object.entries(compileAssets())) {
  writeFileSync(`${root}dist/assets/${name}.json`, JSON.stringify(asset));
}

await build({
  entryPoints: [`${root}src/main.ts`],
  outfile: `${root}dist/bin/paydouble.js`,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  minify: true,
  sourcemap: "linked",
  logLevel: "warning",
  // CommonJS dependencies (yaml, seedrandom) call require() for Node built-ins.
  banner: { js: 'import { createRequire as __paydoubleRequire } from "node:module"; const require = __paydoubleRequire(import.meta.url);' },
});
writeFileSync(
  `${root}dist/main.js`,
  '#!/usr/bin/env node\n// The CLI, bundled by scripts/build-extras.mjs (source: src/main.ts).\nimport "./bin/paydouble.js";\n',
  { mode: 0o755 },
);
