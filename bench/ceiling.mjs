#!/usr/bin/env node
// What the load benchmark's 50% target asks of this machine (issue 7, item 5). Run by `npm run bench`.
//
//   node bench/ceiling.mjs [--duration <s>] [--connections <n>]
//
// The baseline of bench/load.mjs answers a 50-byte JSON body; a createTransaction answer is about
// 1 KB, and autocannon shares the machine with the server. This script takes one real
// createTransaction answer from the built double, then serves those exact bytes from the bare Hono
// endpoint after 0, 10, 20 and 40 µs of busy work per request (standing for a handler), and prints
// each throughput beside the trivial baseline of the same run and the "implied overhead": the time
// per request that is not the busy work (HTTP, hono, the kernel, waking the load generator).
import autocannon from "autocannon";
import { startServer as start } from "./child.mjs";
import { BASELINE, TRANSACTION_CREATES } from "./workload.mjs";

const f = { duration: 10, connections: 16 };
for (let i = 2; i < process.argv.length; i++) {
  if (process.argv[i] === "--duration") f.duration = Number(process.argv[++i]);
  else if (process.argv[i] === "--connections") f.connections = Number(process.argv[++i]);
  else throw new Error(`unknown flag ${process.argv[i]}`);
}

async function rps(port, requests) {
  const r = await autocannon({ url: `http://127.0.0.1:${port}`, connections: f.connections, duration: f.duration, requests });
  if (r.non2xx || r.errors || r.timeouts) throw new Error(`${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts`);
  return r.requests.average;
}

const dbl = start("double");
const [sale] = TRANSACTION_CREATES;
const res = await fetch(`http://127.0.0.1:${await dbl.ready}${sale.path}`, { method: "POST", headers: sale.headers, body: sale.body });
const answer = await res.text();
await dbl.stop();

const base = start("baseline");
const baseline = await rps(await base.ready, BASELINE);
await base.stop();
console.log(`ceiling: ${f.connections} connections, ${f.duration} s per point; trivial baseline ${Math.round(baseline)} req/s, 50% of it = ${Math.round(baseline / 2)} req/s`);
for (const spinUs of [0, 10, 20, 40]) {
  const s = start("ceiling", { ANSWER: answer, SPIN_US: String(spinUs) });
  const r = await rps(await s.ready, BASELINE);
  await s.stop();
  console.log(`bare Hono, the ${Buffer.byteLength(answer)}-byte createTransaction answer, ${String(spinUs).padStart(2)} µs of work: ${String(Math.round(r)).padStart(6)} req/s = ${(r / baseline * 100).toFixed(0).padStart(3)}% of baseline; implied overhead ${(1e6 / r - spinUs).toFixed(1)} µs per request`);
}
