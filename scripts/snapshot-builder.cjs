// Builds the start-up snapshot of `npm start` and the Docker CMD (`node --snapshot-blob
// dist/bin/paydouble.blob dist/cli.cjs`): scripts/build-extras.mjs runs
//   node --snapshot-blob dist/bin/paydouble.blob --build-snapshot scripts/snapshot-builder.cjs
// with PAYDOUBLE_SNAPSHOT_BUNDLE naming dist/bin/paydouble.cjs. This script evaluates the CLI bundle
// (every module of src/main.ts and its dependencies, zod's schemas built) twice, answers WARM_UP card
// SALEs through the first copy's request handler without a socket (src/cli/warm-up.ts), and leaves
// the heap to V8, which writes it with the bytecode of every function that ran. A start from the blob begins
// in `main` with all of that in place: no bundle to read, compile or evaluate, and a first payment
// that runs compiled code (docs/explanation/performance.md, "Sixteenth round").
//
// A snapshot holds a heap, not handles: on Node 20 the builder cannot load node:http (its parser
// binding is a handle V8 refuses to write). The bundle's `require("node:http")` gets a stand-in that
// loads node:http at its first use, after the start; only `IncomingMessage`, which the adapter's
// HTTP/2 check reads (src/cli/deferred-http2.ts), is read during the warm-up: the warm-up's requests
// are instances of a class of this file that stands for it, and once the snapshot runs, the real
// class. A blob is for the node binary that made it (node refuses another's at start); the build
// makes one with the node that builds, and the image builds its own.
const v8 = require("node:v8");
const { EventEmitter } = require("node:events");
const { readFileSync } = require("node:fs");
const { createRequire } = require("node:module");
const { dirname, join, resolve } = require("node:path");
const { pathToFileURL } = require("node:url");
const { Script } = require("node:vm");

const WARM_UP = 3;
const bundleFile = process.env.PAYDOUBLE_SNAPSHOT_BUNDLE;
if (!bundleFile) throw new Error("snapshot-builder: PAYDOUBLE_SNAPSHOT_BUNDLE names no bundle");
/** The loader this snapshot stands in for: the same dist/ folder's cli.cjs. */
const loaderFile = join(dirname(bundleFile), "..", "cli.cjs");

let started = false;
/** The warm-up's requests are of this class; `instanceof IncomingMessage` holds for them until the start. */
class WarmUpIncoming extends EventEmitter {}

/** node:http loaded at its first use; before the start, only `IncomingMessage` is read, as the stand-in class. */
function deferredHttp() {
  let http;
  const real = () => (http ??= require("node:http"));
  return new Proxy({}, {
    get: (_, key) => (!started && key === "IncomingMessage" ? WarmUpIncoming : real()[key]),
    has: (_, key) => key in real(),
    ownKeys: () => Reflect.ownKeys(real()),
    getOwnPropertyDescriptor: (_, key) => {
      const d = Object.getOwnPropertyDescriptor(real(), key);
      return d && { ...d, configurable: true };
    },
  });
}
const httpStandIn = deferredHttp();
const bundleRequire = (id) => (id === "node:http" || id === "http" ? httpStandIn : require(id));

// The bundle is evaluated twice from one compiled script: the first copy answers the warm-up and is
// dropped, the second is the one the snapshot starts. Both copies' functions share their bytecode
// (it belongs to the script), so the second starts with it compiled; but a function that itself ran
// in the builder stays unoptimized after the start (hono's Context field initializer, run by the
// warm-up, took 38x its time under load: a fifth of the throughput), and the second copy's never ran.
const wrapper = new Script(readFileSync(bundleFile, "latin1"), { filename: bundleFile }).runInThisContext();
const evaluate = () => {
  const b = { exports: {} };
  wrapper(b.exports, bundleRequire, b, bundleFile, dirname(bundleFile), pathToFileURL(bundleFile).href);
  return b.exports;
};
const warmUpCopy = evaluate();
const bundle = { exports: evaluate() };

warmUpCopy.warmUpForSnapshot(WarmUpIncoming, WARM_UP).then((statuses) => {
  if (statuses.some((s) => s !== 200)) {
    process.stderr.write(`snapshot-builder: the warm-up's card SALEs answered ${statuses.join(", ")}, not 200\n`);
    process.exitCode = 1;
  }
});

v8.startupSnapshot.setDeserializeMainFunction(() => {
  started = true;
  // `node --snapshot-blob <blob> <dist/cli.cjs> [flags]`: node runs this instead of the file, which
  // it leaves as argv[1] (main reads argv from 2 on, as it does behind dist/cli.cjs).
  const entry = process.argv[1];
  if (entry === undefined || entry.startsWith("-")) process.argv.splice(1, 0, loaderFile);
  else if (resolve(entry) !== loaderFile) {
    // Another dist/ (a moved checkout: the snapshot holds this one's paths): its loader runs as
    // `node <file>` would run it, through its code cache.
    return void createRequire(resolve(entry))(resolve(entry));
  }
  if (process.env.PAYDOUBLE_CODE_CACHE === "report") process.stderr.write("code cache: none (start-up snapshot)\n");
  void bundle.exports.main();
});
