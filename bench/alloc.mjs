// node bench/alloc.mjs [double|hono|node]: what a card SALE allocates, by allocating function.
// The server of bench/cost.mjs runs with V8's sampling heap profiler (one sample every 256 bytes,
// objects the collectors freed included: bench/cost-server.mjs); one keep-alive client sends WARMUP
// SALEs, sampling starts, COUNT more are sent. Prints the KB sampled per request and the TOP
// functions by bytes allocated in them (self). Garbage per request sets how often the young
// generation is collected.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { profiledRun } from "./cost.mjs";

const mode = process.argv[2] ?? "double";
const WARMUP = Number(process.env.WARMUP ?? 20_000);
const COUNT = Number(process.env.COUNT ?? 10_000);
const TOP = Number(process.env.TOP ?? 30);
const dir = mkdtempSync(join(tmpdir(), "alloc-"));
process.env.ALLOC = join(dir, "sale.heapprofile");
await profiledRun(mode, WARMUP, COUNT);
const profile = JSON.parse(readFileSync(process.env.ALLOC, "utf8"));
rmSync(dir, { recursive: true });

const self = new Map();
let total = 0;
const walk = (n) => {
  const cf = n.callFrame;
  const key = `${cf.functionName || "(anonymous)"} ${cf.url.replace(/^.*\/(dist|node_modules)\//, "$1/")}:${cf.lineNumber + 1}`;
  total += n.selfSize;
  self.set(key, (self.get(key) ?? 0) + n.selfSize);
  for (const c of n.children) walk(c);
};
walk(profile.head);
console.log(`${mode}: ${(total / COUNT / 1024).toFixed(1)} KB sampled per card SALE (${COUNT} after ${WARMUP}, node ${process.version})`);
for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, TOP)) console.log(`${(v / COUNT).toFixed(0).padStart(7)} B  ${k}`);
