#!/usr/bin/env node
// The steps of `npm run build` after tsc: the OpenAPI document as a file, and two for the CLI's cold
// start (docs/explanation/performance.md, "Cold start"):
//
// 0. dist/openapi.json (the package export `paydouble/openapi.json`, for code generators in other
//    languages): the document `GET /_mock/openapi.json` serves, built by the same function
//    (src/http/openapi.ts), with the default server URL http://localhost:4242.
// 0b. dist/vendor/swagger-ui/: the files /_mock/docs serves (src/control/docs.ts), with Swagger UI's
//    LICENSE and NOTICE, copied from the swagger-ui-dist dev dependency so the installed package
//    does not depend on it (it pulls in an install-time analytics reporter).
// 1. dist/assets/{builtin,fixtures}.json: the shipped scenarios/builtin.yaml and
//    fixtures/default.yaml, validated now (src/cli/compiled.ts), so a start reads JSON instead of
//    parsing YAML and validating it again.
// 2. dist/bin/paydouble.cjs: src/main.ts and every production dependency bundled into one
//    CommonJS file by esbuild (one file to read instead of about 230 modules), dist/cli.cjs (the
//    `bin`, the Docker CMD; dist/main.js runs it too) copied from scripts/cli-loader.cjs, which runs the bundle through V8's
//    code cache, and dist/bin/paydouble.cjs.cache made by one training run: start, one
//    POST /v1/transactions, SIGTERM. The library entry (dist/index.js) stays tsc's output.
//    The bundle sits two folders deep like dist/<folder>/<file>.js, so the `../../fixtures/` and
//    `../../scenarios/` URLs the modules resolve from import.meta.url point at the same places.
import { spawn } from "node:child_process";
import { chmodSync, copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = fileURLToPath(new URL("..", import.meta.url));
const { compileAssets } = await import("../dist/cli/compiled.js");
const { buildOpenApi } = await import("../dist/http/openapi.js");

// Progress for the slow steps (`npm ci` runs this through `prepare`; a cold build takes seconds).
const say = (what) => process.stderr.write(`paydouble build: ${what}\n`);
say("tsc done; writing dist/openapi.json and the start-time assets");
writeFileSync(`${root}dist/openapi.json`, JSON.stringify(buildOpenApi("http://localhost:4242"), null, 2) + "\n");

const swaggerUi = dirname(createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"));
mkdirSync(`${root}dist/vendor/swagger-ui`, { recursive: true });
for (const name of ["swagger-ui-bundle.js", "swagger-ui-standalone-preset.js", "swagger-ui.css", "favicon-32x32.png", "LICENSE", "NOTICE"]) {
  copyFileSync(join(swaggerUi, name), `${root}dist/vendor/swagger-ui/${name}`);
}

mkdirSync(`${root}dist/assets`, { recursive: true });
for (const [name, asset] of Object.entries(compileAssets())) {
  writeFileSync(`${root}dist/assets/${name}.json`, JSON.stringify(asset));
}

/**
 * A JSON module of src/ becomes `JSON.parse("...")` in the bundle instead of esbuild's object literal: V8
 * builds a large literal far slower than it parses the same text (src/http/openapi-examples.json,
 * 55 KB, took about 4 ms of every start as a literal). Same value: no key of ours is `__proto__`.
 */
const jsonAsParse = {
  name: "json-as-parse",
  setup(b) {
    b.onLoad({ filter: /[\\/]src[\\/].*\.json$/ }, (args) => ({ contents: `export default JSON.parse(${JSON.stringify(JSON.stringify(JSON.parse(readFileSync(args.path, "utf8"))))});`, loader: "js" }));
  },
};

/**
 * Modules the CLI bundle evaluates at their first use instead of at start (each stand-in says why):
 * the adapter's `import ... from "node:http2"` resolves to src/cli/deferred-http2.ts (it only asks
 * whether a request came over HTTP/2; loading the module costs about 13 ms of a start), and the
 * imports of yaml and re2js from src/ to stand-ins that `require` the bundled package when first
 * called (the stand-ins' own `require` reaches the package itself).
 */
const DEFERRED = [
  { module: "node:http2", importer: /[\\/]@hono[\\/]node-server[\\/]/, standIn: "deferred-http2.ts" },
  { module: "yaml", importer: /[\\/]src[\\/](?!cli[\\/]deferred-)/, standIn: "deferred-yaml.ts" },
  { module: "re2js", importer: /[\\/]src[\\/](?!cli[\\/]deferred-)/, standIn: "deferred-re2js.ts" },
];
const deferred = {
  name: "deferred",
  setup(b) {
    b.onResolve({ filter: new RegExp(`^(${DEFERRED.map((d) => d.module).join("|")})$`) }, (args) => {
      const d = DEFERRED.find((x) => x.module === args.path && x.importer.test(args.importer));
      return d ? { path: `${root}src/cli/${d.standIn}` } : undefined;
    });
  },
};

/**
 * Node's `Headers`, `Request` and `Response` globals load undici when first touched (src/cli/deferred-web.ts):
 * in the CLI bundle @hono/node-server reads the stand-ins of deferred-web.ts at import instead, and exports
 * its lightweight response, which the bundle's `Response` then is (`inject` below, with its `Headers`
 * and `Request`), and never replaces a global: none is touched.
 */
const ADAPTER = /[\\/]@hono[\\/]node-server[\\/]dist[\\/]index\.mjs$/;
const webStandIns = {
  name: "web-stand-ins",
  setup(b) {
    b.onLoad({ filter: ADAPTER }, (args) => {
      let text = readFileSync(args.path, "utf8");
      const reads = {
        "globalThis.Headers": "__web.Headers",
        "global.Request": "__web.Request",
        "global.Response": "__web.ResponseBase",
        // It never replaces the globals (`overrideGlobalObjects`): the bundle's `Response` is its class already.
        "options.overrideGlobalObjects !== false": "false",
        // Its WebSocket support (unused) takes Node 26's `CloseEvent` and `ErrorEvent` (undici's) over
        // classes of its own: it gets its own, as on Node 20, which has neither global.
        "globalThis.CloseEvent": "undefined",
        "globalThis.ErrorEvent": "undefined",
      };
      for (const [read, standIn] of Object.entries(reads)) {
        if (!text.includes(read)) throw new Error(`build-extras: @hono/node-server no longer reads ${read}; see src/cli/deferred-web.ts`);
        text = text.replaceAll(read, standIn);
      }
      if (!/^var Response\$1 = class/m.test(text)) throw new Error("build-extras: @hono/node-server has no Response$1 class; see src/cli/lightweight-response.ts");
      const web = JSON.stringify(`${root}src/cli/deferred-web.ts`);
      return { contents: `import * as __web from ${web};\n${text}\nexport { Response$1 as LightweightResponse };\n`, loader: "js" };
    });
  },
};

/**
 * seedrandom requires node:crypto when it loads, for seeds it would make itself (`autoseed`), which
 * paydouble never asks for (every stream has a seed); in the CLI bundle it gets an empty module, and
 * a start does not load node:crypto (3-4 ms) for it.
 */
const seedrandomWithoutCrypto = {
  name: "seedrandom-without-crypto",
  setup(b) {
    b.onResolve({ filter: /^crypto$/ }, (args) => (/[\\/]seedrandom[\\/]/.test(args.importer) ? { path: "crypto", namespace: "no-crypto" } : undefined));
    b.onLoad({ filter: /.*/, namespace: "no-crypto" }, () => ({ contents: "module.exports = {};", loader: "js" }));
  },
};

/**
 * zod's `locales` namespace (`z.locales`, about 50 languages, 264 KB of the bundle's 1.18 MB) holds only
 * English in the CLI bundle: paydouble's messages are its own or zod's English default (registered by
 * zod's schemas from locales/en.js, which stays), and no code of ours reads `z.locales`. A start reads,
 * and V8 deserializes, a bundle and code cache that much smaller.
 */
const zodEnglishOnly = {
  name: "zod-english-only",
  setup(b) {
    b.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /[\\/]zod[\\/]v4[\\/](classic|core)[\\/]/.test(args.importer) ? { path: "zod-locales", namespace: "zod-english-only" } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: "zod-english-only" }, () => ({
      contents: `export { default as en } from ${JSON.stringify(`${root}node_modules/zod/v4/locales/en.js`)};`,
      loader: "js",
      resolveDir: root,
    }));
  },
};

/**
 * zod's `fromJSONSchema` (JSON Schema -> zod, which paydouble never calls) builds, when its module
 * loads, an object spread from every schema and check zod exports: that one statement kept all of zod
 * in the bundle and read each of its exports' getters at every start. In the CLI bundle the module is
 * a stand-in that says so, and esbuild leaves out the zod it no longer needs (with `import * as z`
 * in src/, each `z.x` is a direct reference it can follow).
 */
const zodWithoutFromJsonSchema = {
  name: "zod-without-from-json-schema",
  setup(b) {
    b.onLoad({ filter: /[\\/]zod[\\/]v4[\\/]classic[\\/]from-json-schema\.js$/ }, () => ({
      contents: `export function fromJSONSchema() { throw new Error("z.fromJSONSchema is not in the paydouble CLI bundle"); }`,
      loader: "js",
    }));
  },
};

say("bundling the CLI into dist/bin/paydouble.cjs");
rmSync(`${root}dist/bin`, { recursive: true, force: true });
await build({
  entryPoints: [`${root}src/main.ts`],
  outfile: `${root}dist/bin/paydouble.cjs`,
  bundle: true,
  platform: "node",
  format: "cjs",
  target: "node20",
  minify: true,
  sourcemap: "linked",
  logLevel: "warning",
  // The loader passes the bundle's own file URL (module paths resolve from it, see above).
  define: { "import.meta.url": "__paydoubleUrl" },
  plugins: [jsonAsParse, deferred, seedrandomWithoutCrypto, zodEnglishOnly, zodWithoutFromJsonSchema, webStandIns],
  inject: [`${root}src/cli/deferred-web.ts`, `${root}src/cli/lightweight-response.ts`],
});
wrapBundle(`${root}dist/bin/paydouble.cjs`);
copyFileSync(`${root}scripts/cli-loader.cjs`, `${root}dist/cli.cjs`);
chmodSync(`${root}dist/cli.cjs`, 0o755);
// `node dist/main.js` (the entry before dist/cli.cjs, in scripts and docs of users) still starts the CLI.
writeFileSync(`${root}dist/main.js`, `#!/usr/bin/env node\n// The CLI is dist/cli.cjs (CommonJS starts faster: scripts/cli-loader.cjs); this runs it for \`node dist/main.js\`.\nimport { createRequire } from "node:module";\ncreateRequire(import.meta.url)("./cli.cjs");\n`);
chmodSync(`${root}dist/main.js`, 0o755);
say("training the V8 code cache (one start and one card sale)");
await train();
say("done");
// The cache only speeds a start up (the loader runs without one), so its absence is a warning here;
// test/cli.test.ts fails when the built CLI runs without an accepted cache.
if (!existsSync(`${root}dist/bin/paydouble.cjs.cache`)) console.warn("build-extras: the training run wrote no code cache");

/**
 * Writes the bundle as the loader compiles it, so a start reads it and hands it to V8 with no copy:
 * the shebang line becomes the CommonJS wrapper (the lines keep their numbers, so the source map still
 * holds) and the file ends the function. The text must be ASCII: one other character makes V8 hold the
 * whole 1.2 MB source as two-byte text and makes node decode it as UTF-8 at every start (about 8 ms of
 * a 147 ms start, measured with `ONLY=start COMPARE=` in bench/table.mjs), and the loader reads it as
 * latin1. Browser scripts kept in `String.raw` write `\u2192` instead of the arrow for that reason.
 */
function wrapBundle(file) {
  const text = readFileSync(file, "latin1");
  const odd = /[^\x00-\x7f]/.exec(text);
  if (odd) throw new Error(`build-extras: ${file} has a non-ASCII character at offset ${odd.index}: ...${text.slice(Math.max(0, odd.index - 40), odd.index + 10)}... (escape it in the source)`);
  const body = text.replace(/^#!.*/, "");
  writeFileSync(file, `(function (exports, require, module, __filename, __dirname, __paydoubleUrl) {${body}\n})`, "latin1");
}

/** Starts the CLI with PAYDOUBLE_CODE_CACHE=write, answers one card sale, stops it: the cache holds what ran. */
function train() {
  return new Promise((resolve) => {
    // Under the node flags `npm start` runs with (none today): V8 rejects a cache made under other
    // V8 flags, so the cache must be trained as the CLI ships (the Dockerfile's CMD runs the same).
    const startScript = JSON.parse(readFileSync(`${root}package.json`, "utf8")).scripts.start;
    const shippedFlags = startScript.split(/\s+/).filter((w) => w.startsWith("--"));
    const child = spawn(process.execPath, [...shippedFlags, `${root}dist/cli.cjs`, "--port", "0"], {
      // The shell's PAYDOUBLE_* settings (scenarios, replay, log...) stay out of the training run.
      env: { ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith("PAYDOUBLE_"))), PAYDOUBLE_CODE_CACHE: "write" },
      stdio: ["ignore", "pipe", "inherit"],
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
    let out = "";
    child.on("error", () => resolve()); // no cache: warned about below
    child.on("exit", () => (clearTimeout(timer), resolve()));
    child.stdout.on("data", async (d) => {
      out += d;
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (!m || child.posted) return;
      child.posted = true;
      const res = await fetch(`${m[1]}/v1/transactions`, {
        method: "POST",
        headers: { "Api-Key": "pk_live_01JDEM0MERCHANTKEY00000000", "Client-Id": "CLIENT-01JDEM0MERCHANT00000000000", "content-type": "application/json" },
        body: JSON.stringify({ type: "SALE", amount: 1234, payment_method: { type: "Card", entry_method: "ECOMMERCE", pan: "4242424242424242", expiry: { month: "12", year: "2030" }, cvv: "123", first_name: "Ada", last_name: "Lovelace" } }),
      }).catch(() => undefined);
      await res?.text();
      child.kill("SIGTERM");
    });
  });
}
