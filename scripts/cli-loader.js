#!/usr/bin/env node
// paydouble's CLI entry (the package `bin`, the Docker CMD), written to dist/main.js by
// scripts/build-extras.mjs. It runs the CLI bundle (dist/bin/paydouble.cjs: src/main.ts and every
// production dependency in one file) through V8's code cache (dist/bin/paydouble.cjs.cache, made at
// build time by one start and one POST /v1/transactions), so a cold start neither resolves ~230
// modules nor compiles the functions a start and a first request run. A cache V8 does not accept
// (another Node version, another bundle) is ignored: the bundle is then compiled as usual.
import { createRequire } from "node:module";

// Built-ins through require, not import: the ESM loader wraps each imported built-in in a module of
// its export names, about 1-2 ms of CPU for these four (measured at the first answered sale).
const require = createRequire(import.meta.url);
const { readFileSync, writeFileSync } = require("node:fs");
const { dirname } = require("node:path");
const { fileURLToPath } = require("node:url");
const { Script } = require("node:vm");

const url = new URL("./bin/paydouble.cjs", import.meta.url);
const filename = fileURLToPath(url);
const cacheFile = `${filename}.cache`;
let cachedData;
try {
  cachedData = readFileSync(cacheFile);
} catch {
  cachedData = undefined;
}
// The bundle is CommonJS, already wrapped by the build as Node wraps a module (`__paydoubleUrl` stands
// for import.meta.url), and ASCII: read as latin1, it goes to V8 as it is.
const script = new Script(readFileSync(filename, "latin1"), { filename, cachedData });
// PAYDOUBLE_CODE_CACHE=write (build time): write the cache after this run (the build stops it with
// SIGTERM); =report: say on stderr whether V8 took the cache (test/cli.test.ts checks it does).
const mode = process.env.PAYDOUBLE_CODE_CACHE;
if (mode === "write") process.on("exit", () => writeFileSync(cacheFile, script.createCachedData()));
if (mode === "report") process.stderr.write(`code cache: ${!cachedData ? "none" : script.cachedDataRejected ? "rejected" : "accepted"}\n`);
const module = { exports: {} };
script.runInThisContext()(module.exports, createRequire(filename), module, filename, dirname(filename), url.href);
