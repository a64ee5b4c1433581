#!/usr/bin/env node
// Memory benchmark for issue 11 (items 1 and 4). Run with `npm run bench:memory` (builds first).
//
//   node bench/memory.mjs [--refused <n>] [--creates <n>] [--export <n>]
//
// Starts the built double as a child (bench/child.mjs, the shipped node flags) and prints, after a
// full GC each time: its RSS and heap idle, after N refused 900 KB creates (400), and after N
// accepted creates; then fills the replay log to 300k requests, streams GET /_mock/journal/export
// and prints its time, size and the server's memory after it, with the p50/p99 of a /_mock/health
// probe of another world (a sandbox) sent back to back during the export, beside the same probe idle.
import autocannon from "autocannon";
import { request } from "node:http";
import { startServer } from "./child.mjs";

const RESELLER = { id: "CLIENT-01JR00TRESE11ER0000000000R", key: "pk_live_01JR00TRESE11ERKEY00000000" };
const AUTH = { "api-key": RESELLER.key, "client-id": RESELLER.id, "content-type": "application/json" };

function flags(argv) {
  const f = { refused: 500, creates: 2000, export: 300_000 };
  for (let i = 0; i < argv.length; i += 2) {
    const k = argv[i].replace(/^--/, "");
    if (!(k in f)) throw new Error(`unknown flag ${argv[i]}`);
    f[k] = Number(argv[i + 1]);
  }
  return f;
}

function send(port, method, path, body, headers = {}) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const req = request({ host: "127.0.0.1", port, method, path, headers: body === undefined ? headers : { ...headers, "content-length": Buffer.byteLength(body) } }, (res) => {
      let size = 0;
      let text = "";
      res.on("data", (c) => {
        size += c.length;
        if (text.length < 4096) text += c;
      });
      res.on("end", () => resolve({ status: res.statusCode, size, text, ms: performance.now() - t0 }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

const mb = (n) => `${(n / 1024 / 1024).toFixed(1)} MB`;
const row = (label, m, base) =>
  console.log(`${label.padEnd(34)} rss ${mb(m.rss).padStart(9)} heap ${mb(m.heapUsed).padStart(9)}${base ? `   (rss ${sign(m.rss - base.rss)}, heap ${sign(m.heapUsed - base.heapUsed)})` : ""}`);
const sign = (n) => `${n >= 0 ? "+" : "-"}${mb(Math.abs(n))}`;
const pct = (xs, p) => xs.slice().sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];

async function probe(port, path, until) {
  const times = [];
  while (!until()) times.push((await send(port, "GET", path)).ms);
  return times;
}

const f = flags(process.argv.slice(2));
const server = startServer("double");
const port = await server.ready;
try {
  const idle = await server.memory();
  row("idle", idle);

  const refusedBody = JSON.stringify({ dba: "x".repeat(900 * 1024), type: "not-a-type", admin_contact_details: { first_name: "a", last_name: "b", email: "a@b.co" } });
  const refuse = async (n) => {
    for (let i = 0; i < n; i++) {
      const r = await send(port, "POST", "/v1/clients", refusedBody, i % 2 ? AUTH : { ...AUTH, "api-key": "wrong" });
      if (r.status !== 400 && r.status !== 401) throw new Error(`refused create answered ${r.status}`);
    }
  };
  // A first round warms the code paths (compiled code, buffers), so the next rounds show only what requests keep.
  await refuse(20);
  const warm = await server.memory();
  row("after 20 refused (warm-up)", warm, idle);
  await refuse(f.refused);
  const half = await server.memory();
  row(`after ${f.refused} more refused 900 KB`, half, warm);
  await refuse(f.refused);
  const afterRefused = await server.memory();
  row(`after ${f.refused} more refused 900 KB`, afterRefused, half);
  const per = (a, b) => `${((b - a) / f.refused / 1024).toFixed(2)} KB`;
  console.log(`  growth per refused request, last round: rss ${per(half.rss, afterRefused.rss)}, heap ${per(half.heapUsed, afterRefused.heapUsed)}`);

  const created = JSON.stringify({ dba: "Bench Shop", type: "merchant", admin_contact_details: { first_name: "a", last_name: "b", email: "a@b.co" } });
  for (let i = 0; i < f.creates; i++) if ((await send(port, "POST", "/v1/clients", created, AUTH)).status !== 200) throw new Error("create failed");
  const afterCreates = await server.memory();
  row(`after ${f.creates} accepted creates`, afterCreates, afterRefused);

  const sandbox = JSON.parse((await send(port, "POST", "/_mock/sandboxes", "{}", { "content-type": "application/json" })).text).id;
  const health = `/sandboxes/${sandbox}/_mock/health`;
  let stop = false;
  setTimeout(() => (stop = true), 2000);
  const idleProbe = await probe(port, health, () => stop);

  const fill = Math.max(0, f.export - f.refused - f.creates);
  const result = await autocannon({ url: `http://127.0.0.1:${port}/v1/clients/${RESELLER.id}`, headers: AUTH, connections: 16, amount: fill });
  if (result.non2xx) throw new Error(`${result.non2xx} fill requests failed`);
  const beforeExport = await server.memory();
  row(`log at ${f.refused + f.creates + fill} requests`, beforeExport, afterCreates);

  let exporting = true;
  const during = probe(port, health, () => !exporting);
  const exported = await send(port, "GET", "/_mock/journal/export");
  exporting = false;
  const probeTimes = await during;
  const afterExport = await server.memory();
  console.log(`export: ${mb(exported.size)} in ${(exported.ms / 1000).toFixed(2)} s (status ${exported.status})`);
  row("after the export", afterExport, beforeExport);
  console.log(`other world's /_mock/health idle:          p50 ${pct(idleProbe, 50).toFixed(2)} ms  p99 ${pct(idleProbe, 99).toFixed(2)} ms  (${idleProbe.length} probes)`);
  console.log(`other world's /_mock/health during export: p50 ${pct(probeTimes, 50).toFixed(2)} ms  p99 ${pct(probeTimes, 99).toFixed(2)} ms  max ${Math.max(...probeTimes).toFixed(2)} ms  (${probeTimes.length} probes)`);
} finally {
  await server.stop();
}
