// node bench/alloc.mjs [double|hono|node]: what a card SALE allocates, by allocating function.
// The server of bench/cost.mjs runs with V8's sampling heap profiler (one sample every 256 bytes,
// objects the collectors freed included); one keep-alive client sends WARMUP SALEs, sampling starts,
// COUNT more are sent. Prints the KB sampled per request and the TOP functions by bytes allocated
// in them (self). Garbage per request sets how often the young generation is collected.
import { spawn } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { send } from "./cost.mjs";

if (process.env.ALLOC_OUT) {
  // The server side: sampling on SIGUSR2, the profile written on SIGTERM.
  const { Session } = await import("node:inspector");
  const { writeFileSync } = await import("node:fs");
  const session = new Session();
  session.connect();
  const post = (m, p) => new Promise((res, rej) => session.post(m, p, (e, r) => (e ? rej(e) : res(r))));
  await post("HeapProfiler.enable");
  process.on("SIGUSR2", () => void post("HeapProfiler.startSampling", { samplingInterval: 256, includeObjectsCollectedByMinorGC: true, includeObjectsCollectedByMajorGC: true }));
  process.on("SIGTERM", async () => {
    const { profile } = await post("HeapProfiler.stopSampling");
    writeFileSync(process.env.ALLOC_OUT, JSON.stringify(profile));
    process.exit(0);
  });
  await import("./cost-server.mjs");
} else {
  const mode = process.argv[2] ?? "double";
  const WARMUP = Number(process.env.WARMUP ?? 20_000);
  const COUNT = Number(process.env.COUNT ?? 10_000);
  const TOP = Number(process.env.TOP ?? 30);
  const out = join(tmpdir(), `paydouble-alloc-${process.pid}.json`);
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), mode], { stdio: ["ignore", "pipe", "inherit"], env: { ...process.env, ALLOC_OUT: out } });
  const port = await new Promise((resolve) => child.stdout.on("data", (b) => { const m = /port (\d+)/.exec(String(b)); if (m) resolve(Number(m[1])); }));
  await send(port, WARMUP);
  child.kill("SIGUSR2");
  await new Promise((r) => setTimeout(r, 200));
  await send(port, COUNT);
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await exited;
  const profile = JSON.parse(readFileSync(out, "utf8"));
  rmSync(out);
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
}
