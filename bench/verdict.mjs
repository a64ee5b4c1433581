#!/usr/bin/env node
// What coverage and audit (src/verdict) cost, beside the same build with them off, in ONE run:
//
// 1. Create throughput over sockets: two server children (bench/server.mjs, VERDICT=off and on),
//    POST /v1/transactions with autocannon, the two alternating over several short rounds; the
//    report gives the median requests/s of each and their ratio.
// 2. CPU time per create in process (no sockets), the variants taking turns request by request:
//    process CPU time, so other jobs on the machine inflate them alike.
// 3. Memory per request: heap after a full GC at 10,000 and at 40,000 creates into a journal ring
//    of 1,000 entries (full after the first thousand), with and without: the verdict keeps only the
//    first request per outcome and a bounded state per client, so its growth per request is zero
//    beyond the journal's own.
//
//   npm run build && node --expose-gc bench/verdict.mjs [--rounds <n>] [--seconds <n>]
import autocannon from "autocannon";
import { fileURLToPath, pathToFileURL } from "node:url";
import { startServer } from "./child.mjs";
import { TRANSACTION_CREATES } from "./workload.mjs";
import { median } from "./median.mjs";

const here = fileURLToPath(new URL(".", import.meta.url));
const args = process.argv.slice(2);
const opt = (name, dflt) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : dflt);
const rounds = opt("--rounds", 8);
const seconds = opt("--seconds", 2);
const [create] = TRANSACTION_CREATES;
const pct = (a, b) => `${((a / b) * 100).toFixed(1)}%`;

// 1. Throughput over sockets.
const servers = { off: startServer("double", { VERDICT: "off" }), on: startServer("double", { VERDICT: "on" }) };
const ports = { off: await servers.off.ready, on: await servers.on.ready };
const rps = { off: [], on: [] };
const hit = (port, duration) =>
  autocannon({ url: `http://127.0.0.1:${port}`, connections: 16, duration, requests: [{ method: "POST", path: create.path, headers: create.headers, body: create.body }] });
for (const v of ["off", "on"]) await hit(ports[v], 1); // warm-up
for (let r = 0; r < rounds; r++) {
  for (const v of r % 2 ? ["on", "off"] : ["off", "on"]) {
    const result = await hit(ports[v], seconds);
    if (result.non2xx) throw new Error(`${v}: ${result.non2xx} non-2xx answers`);
    rps[v].push(result.requests.average);
  }
}
await Promise.all(Object.values(servers).map((s) => s.stop()));
console.log(`create throughput over sockets, 16 connections, median of ${rounds} alternating ${seconds} s runs (node ${process.version}):`);
console.log(`  verdict off   ${median(rps.off).toFixed(0).padStart(6)} req/s   runs: ${rps.off.map((x) => x.toFixed(0)).join(", ")}`);
console.log(`  verdict on    ${median(rps.on).toFixed(0).padStart(6)} req/s   runs: ${rps.on.map((x) => x.toFixed(0)).join(", ")}`);
console.log(`  on / off      ${pct(median(rps.on), median(rps.off))}`);

// 2. CPU per request in process: the variants take turns request by request (so garbage collection
// and the machine's other jobs fall on all of them alike), each request timed in process CPU time.
const { createDouble } = await import(pathToFileURL(`${here}../dist/index.js`).href);
async function one(double) {
  const before = process.cpuUsage();
  const res = await double.fetch(new Request(`http://127.0.0.1${create.path}`, { method: "POST", headers: create.headers, body: create.body }));
  if (res.status !== 200) throw new Error(`status ${res.status}`);
  await res.arrayBuffer();
  const used = process.cpuUsage(before);
  return used.user + used.system;
}
// Two doubles per variant: how far two identical doubles drift apart is the noise floor.
const variants = [
  { name: "verdict off", double: createDouble({ seed: "bench", verdict: false }) },
  { name: "verdict on", double: createDouble({ seed: "bench" }) },
  { name: "verdict off (twin)", double: createDouble({ seed: "bench", verdict: false }) },
  { name: "verdict on (twin)", double: createDouble({ seed: "bench" }) },
];
for (let i = 0; i < 500; i++) for (const v of variants) await one(v.double); // warm-up
const batches = new Map(variants.map((v) => [v.name, []]));
for (let r = 0; r < 15; r++) {
  const sums = new Map(variants.map((v) => [v.name, 0]));
  for (let i = 0; i < 500; i++) for (let k = 0; k < variants.length; k++) {
    const v = variants[(i + k) % variants.length];
    sums.set(v.name, sums.get(v.name) + (await one(v.double)));
  }
  for (const v of variants) batches.get(v.name).push(sums.get(v.name) / 500);
}
const ref = median(batches.get("verdict off"));
console.log("CPU time per create in process, median of 15 rounds of 500 requests each, the variants taking turns:");
for (const v of variants) {
  const m = median(batches.get(v.name));
  console.log(`  ${v.name.padEnd(30)} ${m.toFixed(1).padStart(6)} us   throughput ${pct(ref, m)} of verdict off`);
}
const pooled = (prefix) => median(variants.filter((v) => v.name.startsWith(prefix)).flatMap((v) => batches.get(v.name)));
console.log(`  pooled: verdict on throughput ${pct(pooled("verdict off"), pooled("verdict on"))} of verdict off`);

// 3. Memory per request once the journal ring is full.
async function heapAt(verdict, counts) {
  const double = createDouble({ seed: "bench-mem", journalLimit: 1000, verdict });
  const out = [];
  let done = 0;
  for (const n of counts) {
    for (; done < n; done++) {
      const res = await double.fetch(new Request(`http://127.0.0.1${create.path}`, { method: "POST", headers: create.headers, body: create.body }));
      await res.arrayBuffer();
    }
    globalThis.gc?.();
    globalThis.gc?.();
    out.push(process.memoryUsage().heapUsed);
  }
  return out;
}
if (!globalThis.gc) console.log("(run with node --expose-gc for the memory figures)");
else {
  // Transactions themselves stay in the store (a world keeps every payment), so both variants grow by
  // the store; the difference between them is the verdict's own growth.
  const [offA, offB] = await heapAt(false, [10_000, 40_000]);
  const [onA, onB] = await heapAt(true, [10_000, 40_000]);
  const perReq = (a, b) => ((b - a) / 30_000).toFixed(0);
  console.log("heap growth per create from 10,000 to 40,000 requests (journal ring of 1,000, full):");
  console.log(`  verdict off   ${perReq(offA, offB).padStart(5)} bytes/request (the store's transactions)`);
  console.log(`  verdict on    ${perReq(onA, onB).padStart(5)} bytes/request`);
  console.log(`  difference    ${((onB - onA - (offB - offA)) / 30_000).toFixed(1)} bytes/request`);
}
