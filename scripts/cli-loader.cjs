#!/usr/bin/env node
// paydouble's CLI entry (the package `bin`, `npm start`, the Docker CMD), written to dist/cli.cjs by
// scripts/build-extras.mjs. CommonJS, built-ins through require: as an ES module (dist/main.js until
// issue 22's thirteenth round) node's ESM loader read it through fs/promises and wrapped each
// built-in, about 15 ms of a start to the first answered sale; dist/main.js now loads this file. It runs the CLI bundle (dist/bin/paydouble.cjs: src/main.ts and every
// production dependency in one file) through V8's code cache (dist/bin/paydouble.cjs.cache, made at
// build time by one start and one POST /v1/transactions), so a cold start neither resolves ~230
// modules nor compiles the functions a start and a first request run.
//
// V8 accepts a cache only from its own version and flags: installed from npm and run on another Node
// line than the one that built the package, or with other V8 flags, the shipped cache is rejected and
// the bundle compiles as usual (a start about 2.5x as long). The first server run there then trains a
// cache of its own, written when it stops, in the user's cache folder ($XDG_CACHE_HOME or ~/.cache,
// then paydouble/), one file per package version, build, Node, flags; later starts take that one.
// The folder keeps the newest few (about 1.2 MB each), so upgrades and rebuilds do not fill it.
// Not the shared temp folder: a cache is code V8 runs, and another user could put one there.
const { createRequire } = require("node:module");
const { mkdirSync, readdirSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } = require("node:fs");
const { dirname, join } = require("node:path");
const { pathToFileURL } = require("node:url");
const { Script } = require("node:vm");

const filename = join(__dirname, "bin", "paydouble.cjs");
const url = pathToFileURL(filename);
/** How many caches of this machine's the folder keeps, newest first (a write is a server run's stop). */
const KEPT = 8;
const mode = process.env.PAYDOUBLE_CODE_CACHE;
const shippedFile = `${filename}.cache`;
const ownFile = mode === "write" ? null : ownCacheFile();
const read = (file) => {
  try {
    return file ? readFileSync(file) : undefined;
  } catch {
    return undefined;
  }
};
// A cache of this machine's exists only where the shipped one was rejected before: it goes first.
const own = read(ownFile);
const cachedData = own ?? read(shippedFile);
// The bundle is CommonJS, already wrapped by the build as Node wraps a module (`__paydoubleUrl` stands
// for import.meta.url), and ASCII: read as latin1, it goes to V8 as it is.
const script = new Script(readFileSync(filename, "latin1"), { filename, cachedData });
const accepted = cachedData !== undefined && !script.cachedDataRejected;
// PAYDOUBLE_CODE_CACHE=write (build time): write the shipped cache after this run (the build stops it
// with SIGTERM); =report: say on stderr whether V8 took a cache, and whose (test/cli.test.ts checks).
if (mode === "write") process.on("exit", () => writeFileSync(shippedFile, script.createCachedData()));
if (mode === "report") process.stderr.write(`code cache: ${!cachedData ? "none" : !accepted ? "rejected" : own ? "accepted (trained on this machine)" : "accepted"}\n`);
// src/main.ts says when it serves: a run that only printed its version would train a cache that
// holds nearly nothing a server start needs.
if (!accepted && ownFile) process.once("paydouble:serving", () => process.on("exit", () => writeOwn(ownFile)));
const bundle = { exports: {} };
script.runInThisContext()(bundle.exports, createRequire(filename), bundle, filename, dirname(filename), url.href);

/** Where this package, build, Node and set of V8 flags keep a cache trained on this machine. */
function ownCacheFile() {
  try {
    const { version } = JSON.parse(readFileSync(join(__dirname, "..", "package.json"), "utf8"));
    const { size, mtimeMs } = statSync(filename);
    // $HOME before node:os, which a start does not load otherwise (homedir() reads $HOME first too).
    const home = process.env.XDG_CACHE_HOME || join(process.env.HOME || require("node:os").homedir(), ".cache");
    const flags = fnv1a(`${process.execArgv.join(" ")}|${process.env.NODE_OPTIONS ?? ""}`);
    return join(home, "paydouble", `${version}-${size}-${Math.trunc(mtimeMs)}-${process.version}-${process.arch}-${flags}.cache`);
  } catch {
    return null;
  }
}

/** Written whole or not at all (a start reading it meanwhile sees the old file or none); no folder, no cache. */
function writeOwn(file) {
  try {
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    const part = `${file}.${process.pid}`;
    writeFileSync(part, script.createCachedData(), { mode: 0o600 });
    renameSync(part, file);
    prune(dirname(file));
  } catch {
    // A read-only home or a full disk: the next start compiles as this one did.
  }
}

/** Removes all but the {@link KEPT} newest caches from the folder (a part a killed run left counts as one). */
function prune(folder) {
  const caches = readdirSync(folder)
    .filter((name) => /\.cache(\.\d+)?$/.test(name))
    .map((name) => ({ name, time: statSync(join(folder, name)).mtimeMs }))
    .sort((a, b) => b.time - a.time);
  for (const { name } of caches.slice(KEPT)) {
    try {
      unlinkSync(join(folder, name));
    } catch {
      // Removed meanwhile by another run's prune.
    }
  }
}

/** A short digest of the flags (FNV-1a): loading node:crypto for it would cost more than it saves. */
function fnv1a(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h.toString(16);
}
