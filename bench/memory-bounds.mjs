#!/usr/bin/env node
// Memory bounds under hostile traffic (issue 22 item 1). Run with `npm run bench:bounds` (builds first).
//
//   node bench/memory-bounds.mjs [--urls <n>] [--stream <n>] [--concurrency <n>]
//
// Starts the shipped start command, `node dist/cli.cjs` (no extra node flag), and reads its RSS from
// /proc/<pid>/status (no forced GC: what a memory-limited container sees), sampled every 100 ms for
// the peak. Two rounds, each beside the RSS of the same server warmed up and idle:
// - `--urls` unauthenticated GETs, each with a distinct 12 KB query string (an `<img>` tag, a crawler);
// - `--stream` card sales while a live stream (`/_mock/events`) is open and never read.
// During both, /_mock/health is probed back to back: the server must answer throughout (every probe
// 200; max and p99 latency printed). Exits 1 when a growth reaches 64 MB or a probe fails.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { Agent, request } from "node:http";
import { fileURLToPath } from "node:url";

const MERCHANT = { id: "CLIENT-01JDEM0MERCHANT00000000000", key: "pk_live_01JDEM0MERCHANTKEY00000000" };
const SALE = JSON.stringify({ type: "SALE", amount: 1000, payment_method: { type: "Card", entry_method: "ECOMMERCE", pan: "4242424242424242", expiry: { month: "12", year: "2030" } } });
const BOUND = 64 * 1024 * 1024;

function flags(argv) {
  const f = { urls: 20_000, stream: 5_000, concurrency: 8 };
  for (let i = 0; i < argv.length; i += 2) {
    const k = argv[i].replace(/^--/, "");
    if (!(k in f)) throw new Error(`unknown flag ${argv[i]}`);
    f[k] = Number(argv[i + 1]);
  }
  return f;
}

const agent = new Agent({ keepAlive: true, maxSockets: 64 });
function send(port, method, path, body, headers = {}) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const req = request({ host: "127.0.0.1", port, method, path, agent, headers: body === undefined ? headers : { ...headers, "content-length": Buffer.byteLength(body) } }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode, ms: performance.now() - t0 }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

/** The child's resident set size in bytes, as the kernel counts it. */
const rssOf = (pid) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))[1]) * 1024;
const mb = (n) => `${(n / 1024 / 1024).toFixed(1)} MB`;
const pct = (xs, p) => xs.slice().sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];

function start() {
  const main = fileURLToPath(new URL("../dist/cli.cjs", import.meta.url));
  const child = spawn(process.execPath, [main, "--port", "0", "--seed", "bench"], { stdio: ["ignore", "pipe", "inherit"] });
  const port = new Promise((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (c) => {
      out += c;
      const m = /listening on http:\/\/[^:]+:(\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    child.once("exit", (code) => reject(new Error(`server exited (${code})`)));
  });
  return { child, port };
}

/** Runs `work` while probing health and sampling RSS; returns the probes and the peak. */
async function during(port, pid, work) {
  let done = false;
  let peak = rssOf(pid);
  const sampler = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 100);
  const probes = [];
  let failed = 0;
  const probing = (async () => {
    while (!done) {
      const r = await send(port, "GET", "/_mock/health").catch(() => ({ status: 0, ms: 0 }));
      if (r.status !== 200) failed++;
      probes.push(r.ms);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  })();
  await work();
  done = true;
  await probing;
  clearInterval(sampler);
  return { probes, failed, peak: Math.max(peak, rssOf(pid)) };
}

async function many(n, concurrency, one) {
  let next = 0;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < n) await one(next++);
  }));
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 500));

const f = flags(process.argv.slice(2));
const { child, port: portP } = start();
const port = await portP;
const pid = child.pid;
let ok = true;
try {
  // Warm-up: compiled code, buffers and the first journal entries, so the rounds show what requests keep.
  await many(500, f.concurrency, (i) => send(port, "GET", `/v1/transactions?w${i}=${"w".repeat(12 * 1024)}`));
  await many(500, f.concurrency, () => send(port, "POST", "/v1/transactions", SALE, { "api-key": MERCHANT.key, "client-id": MERCHANT.id, "content-type": "application/json" }));
  await settle();
  const idle = rssOf(pid);
  console.log(`node dist/cli.cjs (shipped start command, no node flag), idle after warm-up: rss ${mb(idle)}`);

  const filler = "x".repeat(12 * 1024);
  const urls = await during(port, pid, () =>
    many(f.urls, f.concurrency, async (i) => {
      const r = await send(port, "GET", `/v1/transactions?q${i}=${i}${filler}`);
      if (r.status !== 401) throw new Error(`distinct-URL GET answered ${r.status}`);
    }),
  );
  await settle();
  const afterUrls = rssOf(pid);
  report(`${f.urls} distinct 12 KB-URL GETs (401)`, idle, afterUrls, urls);

  // A live stream opened and never read: a tab in the background, a client that hung.
  const stream = request({ host: "127.0.0.1", port, path: "/_mock/events" });
  let dropped = false;
  stream.on("response", (res) => {
    res.socket.pause();
    res.socket.on("close", () => (dropped = true));
  });
  stream.on("error", () => (dropped = true));
  stream.end();
  await settle();
  const beforeStream = rssOf(pid);
  const sales = await during(port, pid, () =>
    many(f.stream, f.concurrency, async () => {
      const r = await send(port, "POST", "/v1/transactions", SALE, { "api-key": MERCHANT.key, "client-id": MERCHANT.id, "content-type": "application/json" });
      if (r.status !== 200) throw new Error(`sale answered ${r.status}`);
    }),
  );
  await settle();
  const afterStream = rssOf(pid);
  report(`${f.stream} sales, a live stream never read`, beforeStream, afterStream, sales);
  console.log(`  the unread stream: ${dropped ? "disconnected by the server (it fell behind)" : "still open (its queue stayed under --stream-buffer)"}`);
  stream.destroy();
} finally {
  agent.destroy();
  child.kill("SIGTERM");
}
process.exitCode = ok ? 0 : 1;

function report(label, before, after, run) {
  const growth = after - before;
  const peakGrowth = run.peak - before;
  const within = growth < BOUND && peakGrowth < BOUND && run.failed === 0;
  ok &&= within;
  console.log(`${label.padEnd(44)} rss ${mb(after).padStart(9)}  growth ${mb(growth).padStart(8)}  peak growth ${mb(peakGrowth).padStart(8)}  ${within ? "under 64 MB" : "OVER 64 MB OR UNANSWERED"}`);
  console.log(`  /_mock/health during it: ${run.probes.length} probes, ${run.failed} failed, p99 ${pct(run.probes, 99).toFixed(2)} ms, max ${Math.max(...run.probes).toFixed(2)} ms`);
}
