#!/usr/bin/env node
// Load and leak benchmark (issue 7, item 5). Run with `npm run bench` (builds first), not in `npm test`.
//
//   node bench/load.mjs [--duration <s>] [--quick] [--connections <n>]
//
// Starts the built double (dist/) and a bare Hono app with one trivial JSON POST endpoint, each in
// its own child process, runs autocannon against both in the same run (baseline, mix, creates,
// mix again, reads only), prints throughput and p99
// of each phase with the ratio to the baseline, samples heap and RSS (after a full GC, over IPC)
// before and after, and exits 1 if any answer had a status outside the spec's table or failed.
import autocannon from "autocannon";
import { existsSync } from "node:fs";
import os from "node:os";
import { fileURLToPath } from "node:url";
import { startServer as start } from "./child.mjs";
import { BASELINE, CREATES, MIX, PAYMENT_MIX, READS, TRANSACTION_CREATES } from "./workload.mjs";

const SPEC_STATUSES = new Set([200, 400, 401, 403, 404, 409]);
/** Heap growth over the read-only phase above which the run fails (the journal ring is full by then). */
const LEAK_LIMIT = 8 * 1024 * 1024;
const here = fileURLToPath(new URL(".", import.meta.url));

function flags(argv) {
  const f = { duration: 60, connections: 16 };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--quick") f.duration = 5;
    else if (argv[i] === "--duration") f.duration = Number(argv[++i]);
    else if (argv[i] === "--connections") f.connections = Number(argv[++i]);
    else throw new Error(`unknown flag ${argv[i]}`);
  }
  if (!(f.duration > 0) || !(f.connections > 0)) throw new Error("--duration and --connections take positive numbers");
  return f;
}

/** Runs one phase; counts statuses per request kind through onResponse. */
async function phase(name, port, requests, { duration, connections }) {
  const statuses = {};
  const reqs = requests.map((r) => ({
    method: r.method,
    path: r.path,
    headers: r.headers,
    body: r.body,
    setupRequest: (req, ctx) => (r.fill ? { ...req, path: r.fill(ctx) } : req),
    onResponse: (status, body, ctx) => {
      const key = `${r.kind} ${status}`;
      statuses[key] = (statuses[key] ?? 0) + 1;
      if (status === 200 && r.remember) r.remember(ctx, JSON.parse(body));
    },
  }));
  const result = await autocannon({ url: `http://127.0.0.1:${port}`, connections, duration, requests: reqs });
  return { name, rps: result.requests.average, p99: result.latency.p99, p50: result.latency.p50, total: result.requests.total, errors: result.errors, timeouts: result.timeouts, statuses };
}

/** Whether this build registers the payment operations (a card SALE answers 200, not 404). */
async function hasPayments(port) {
  const [sale] = PAYMENT_MIX;
  const res = await fetch(`http://127.0.0.1:${port}${sale.path}`, { method: "POST", headers: sale.headers, body: sale.body });
  await res.arrayBuffer();
  return res.status === 200;
}

const mb = (n) => `${(n / 1024 / 1024).toFixed(1)} MB`;

async function main() {
  const f = flags(process.argv.slice(2));
  if (!existsSync(`${here}../dist/index.js`)) throw new Error("dist/ is missing: run `npm run build` (npm run bench does)");
  console.log(`bench: ${f.connections} connections, ${f.duration} s per phase; node ${process.version}, ${os.cpus()[0]?.model ?? "cpu"} x${os.cpus().length}, ${mb(os.totalmem())} RAM, ${os.platform()} ${os.release()}`);

  const base = start("baseline");
  const basePort = await base.ready;
  const baseline = await phase("bare Hono POST /v1/ping", basePort, BASELINE, f);
  await base.stop();

  const dbl = start("double");
  const port = await dbl.ready;
  const payments = await hasPayments(port);
  const mix = payments ? [...MIX, ...PAYMENT_MIX] : MIX;
  console.log(`workload: ${mix.map((r) => r.kind).join(", ")}${payments ? "" : " (no payment operations in this build)"}`);
  const before = await dbl.memory();
  // The mix runs on a fresh world, then again after the create-only phase has stored tens of
  // thousands of tokens: the second figure shows how list pages scale with the data held.
  const phases = [];
  phases.push(await phase("paydouble mix, fresh world", port, mix, f));
  if (payments) phases.push(await phase("paydouble createTransaction only", port, TRANSACTION_CREATES, f));
  phases.push(await phase("paydouble createPaymentToken only", port, CREATES, f));
  phases.push(await phase("paydouble mix, after the creates", port, mix, f));
  const after = await dbl.memory();
  // Leak check: a read-only phase stores nothing beyond the bounded journal, so the heap stays put.
  phases.push(await phase("paydouble reads only (leak check)", port, READS, f));
  const afterReads = await dbl.memory();
  await dbl.stop();

  const row = (p) => `${p.name.padEnd(40)} ${String(Math.round(p.rps)).padStart(7)} req/s  p50 ${String(p.p50).padStart(3)} ms  p99 ${String(p.p99).padStart(3)} ms`;
  console.log(row(baseline) + "  (baseline)");
  for (const p of phases) console.log(`${row(p)}  throughput ${(p.rps / baseline.rps * 100).toFixed(0)}% of baseline, p99 ${baseline.p99 ? (p.p99 / baseline.p99).toFixed(1) + "x" : "n/a (baseline p99 0 ms)"}`);

  const stored = Object.entries(phases.flatMap((p) => Object.entries(p.statuses)).reduce((a, [k, n]) => ((a[k] = (a[k] ?? 0) + n), a), {}))
    .filter(([k]) => /^create.* 200$/.test(k)).reduce((a, [, n]) => a + n, 0);
  const heapGrowth = after.heapUsed - before.heapUsed;
  console.log(`memory: heap ${mb(before.heapUsed)} -> ${mb(after.heapUsed)}, rss ${mb(before.rss)} -> ${mb(after.rss)}; ${stored} resources stored, ${stored ? Math.round(heapGrowth / stored) : 0} heap bytes per stored resource (journal bounded)`);

  const readGrowth = afterReads.heapUsed - after.heapUsed;
  const leak = readGrowth > LEAK_LIMIT;
  console.log(`leak check: heap ${mb(after.heapUsed)} -> ${mb(afterReads.heapUsed)} over the read-only phase (${phases.at(-1).total} requests), rss ${mb(afterReads.rss)}: ${leak ? "GROWTH ABOVE " + mb(LEAK_LIMIT) : "ok"}`);

  const bad = [baseline, ...phases].flatMap((p) => Object.entries(p.statuses).filter(([k]) => !SPEC_STATUSES.has(Number(k.split(" ").at(-1)))).map(([k, n]) => `${p.name}: ${k} x${n}`));
  const failed = [baseline, ...phases].filter((p) => p.errors || p.timeouts).map((p) => `${p.name}: ${p.errors} errors, ${p.timeouts} timeouts`);
  for (const p of phases) console.log(`statuses ${p.name}: ${Object.entries(p.statuses).sort().map(([k, n]) => `${k}:${n}`).join(", ")}`);
  console.log(`non-spec statuses: ${bad.length ? bad.join("; ") : "0"}; connection errors: ${failed.length ? failed.join("; ") : "0"}`);
  process.exitCode = bad.length || failed.length || leak ? 1 : 0;
}

main().catch((e) => {
  console.error(`bench: ${e.message}`);
  process.exitCode = 2;
});
