// npm run bench (bench/table.mjs): the lean-engine table, every figure beside bare node:http and
// bare Hono measured in the same run, one after the other on this machine:
//   requests/s and p99   autocannon, CONNECTIONS (16) connections, card SALEs to POST /v1/transactions:
//                        each fresh server first gets WARMUP s of it, shown on a line of its own (the
//                        JIT's warm-up), then ROUNDS short rounds of DURATION s, the servers taking
//                        turns (order alternating), medians. Short turns because this machine's speed
//                        moves by a quarter from one second to the next at the same CPU time: long
//                        rounds gave each server different moments (docs/explanation/performance.md)
//   peak RSS             the server's VmHWM (/proc) after its load rounds
//   start to first       spawn -> the first 200 of POST /v1/transactions (polled every 2 ms),
//   payment              START_RUNS runs each, alternating; medians
// paydouble runs as shipped: `node <the flags and file of package.json's start script>` (dist/cli.cjs).
// Environment: DURATION, ROUNDS, WARMUP, CONNECTIONS, START_RUNS; ONLY=start measures the start column alone
// (no load rounds); COMPARE=<folder> adds a fourth start, `node <folder>/main.js` (another build's
// dist/, copied to a sibling of dist/ so its ../../fixtures resolve), measured alternating with the rest.
import autocannon from "autocannon";
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import { cpus, loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import { median } from "./median.mjs";

const DURATION = Number(process.env.DURATION ?? 2);
const ROUNDS = Number(process.env.ROUNDS ?? 8);
const WARMUP = Number(process.env.WARMUP ?? 5);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 16);
const START_RUNS = Number(process.env.START_RUNS ?? 11);
const ONLY_START = process.env.ONLY === "start";
const COMPARE = process.env.COMPARE;
const root = fileURLToPath(new URL("..", import.meta.url));

const startScript = JSON.parse(readFileSync(`${root}package.json`, "utf8")).scripts.start;
const shippedFlags = startScript.split(/\s+/).filter((w) => w.startsWith("--"));
/** The file `npm start` runs (`node [flags] <entry>`). */
const entry = startScript.split(/\s+/).slice(1).find((w) => !w.startsWith("--"));
const SALE = JSON.stringify({ type: "SALE", amount: 1500, payment_method: { type: "Card", entry_method: "ECOMMERCE", pan: "4242424242424242", expiry: { month: "12", year: "2030" }, cvv: "123" } });
const HEADERS = { "content-type": "application/json", "api-key": "pk_live_01JDEM0MERCHANTKEY00000000", "client-id": "CLIENT-01JDEM0MERCHANT00000000000" };

const TARGETS = {
  "bare node:http": (port) => [process.execPath, [`${root}bench/baselines.mjs`, "node", String(port)]],
  "bare Hono": (port) => [process.execPath, [`${root}bench/baselines.mjs`, "hono", String(port)]],
  paydouble: (port) => [process.execPath, [...shippedFlags, `${root}${entry}`, "--port", String(port)]],
};
if (COMPARE) TARGETS[`paydouble (${COMPARE})`] = (port) => [process.execPath, [...shippedFlags, `${root}${COMPARE}/main.js`, "--port", String(port)]];

function freePort() {
  return new Promise((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

const pay = (port) =>
  fetch(`http://127.0.0.1:${port}/v1/transactions`, { method: "POST", headers: HEADERS, body: SALE }).then(
    async (r) => (await r.arrayBuffer(), r.status === 200),
    () => false,
  );

/** Spawns a target; resolves once it has answered a payment, with the ms from spawn to that answer. */
async function start(name) {
  const port = await freePort();
  const [cmd, args] = TARGETS[name](port);
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith("PAYDOUBLE_")));
  const t0 = performance.now();
  const child = spawn(cmd, args, { cwd: root, env, stdio: "ignore" });
  for (let i = 0; i < 15_000; i++) {
    if (await pay(port)) return { child, port, ms: performance.now() - t0 };
    await new Promise((r) => setTimeout(r, 2));
  }
  child.kill("SIGKILL");
  throw new Error(`${name} did not answer a payment within 30 s`);
}

async function stop(child) {
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await exited;
}

const peakRss = (pid) => Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))[1]) / 1024;


/**
 * Node loads the certificates NODE_EXTRA_CA_CERTS names before any script runs (about 70 ms for the
 * system bundle on this machine): every start of the table pays it alike, which narrows the start
 * column's ratio. Said under the table; `env -u NODE_EXTRA_CA_CERTS` measures without it.
 */
const caNote = () =>
  process.env.NODE_EXTRA_CA_CERTS ? [`NODE_EXTRA_CA_CERTS is set (${process.env.NODE_EXTRA_CA_CERTS}): every node start loads those certificates first, the same for each server, so the start ratio is lower than without it`] : [];

/**
 * The machine's CPU time so far, from /proc/stat (null elsewhere): on this virtual machine the
 * hypervisor takes a share of it under load at some hours ("steal"), which slows every server of
 * the run and stretches its p99; the table prints that share for the load rounds.
 */
function cpuTimes() {
  try {
    const [user, nice, system, idle, iowait, irq, softirq, steal] = readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).slice(1, 9).map(Number);
    return { busy: user + nice + system + irq + softirq, idle: idle + iowait, steal };
  } catch {
    return null;
  }
}
const stolenShare = (a, b) => (a && b ? (b.steal - a.steal) / (b.busy - a.busy + b.idle - a.idle + b.steal - a.steal) : null);

const names = Object.keys(TARGETS);
const loadNow = () => loadavg().map((x) => x.toFixed(2)).join(" ");
const load0 = loadavg()[0];
const figures = Object.fromEntries(names.map((n) => [n, { rps: [], p99: [], cold: null, rss: 0, start: [], non2xx: 0, answered: 0 }]));

// Start to first payment, alternating.
for (let run = 0; run < START_RUNS; run++) {
  for (const name of run % 2 ? [...names].reverse() : names) {
    const s = await start(name);
    figures[name].start.push(s.ms);
    await stop(s.child);
  }
}

if (ONLY_START) {
  const stat = (xs) => [...xs].sort((a, b) => a - b);
  console.log(`start to first payment: ${START_RUNS} starts each, alternating; node ${process.version}, ${cpus().length} cores, load average ${load0.toFixed(2)} at start, ${loadNow()} at end`);
  console.log(`paydouble as shipped: node ${[...shippedFlags, entry].join(" ")}`);
  for (const line of caNote()) console.log(line);
  console.log("");
  console.log("| | median | min | max | vs bare node |");
  console.log("|---|---:|---:|---:|---:|");
  const base = median(figures["bare node:http"].start);
  for (const n of names) {
    const s = stat(figures[n].start);
    console.log(`| ${n} | ${median(s).toFixed(0)} ms | ${s[0].toFixed(0)} ms | ${s.at(-1).toFixed(0)} ms | ${(median(s) / base).toFixed(2)}x |`);
  }
  process.exit(0);
}

// Throughput and p99: one server per target; its warm-up, then rounds alternating the order.
const servers = {};
for (const name of names) servers[name] = await start(name);
const load = async (name, duration) => {
  const r = await autocannon({ url: `http://127.0.0.1:${servers[name].port}/v1/transactions`, method: "POST", headers: HEADERS, body: SALE, connections: CONNECTIONS, duration });
  figures[name].non2xx += r.non2xx + r.errors;
  figures[name].answered += r["2xx"];
  return { rps: r.requests.average, p99: r.latency.p99 };
};
if (WARMUP > 0) for (const name of names) figures[name].cold = await load(name, WARMUP);
const cpuBefore = cpuTimes();
for (let round = 0; round < ROUNDS; round++) {
  for (const name of round % 2 ? [...names].reverse() : names) {
    const { rps, p99 } = await load(name, DURATION);
    figures[name].rps.push(rps);
    figures[name].p99.push(p99);
  }
}
const stolen = stolenShare(cpuBefore, cpuTimes());
for (const name of names) {
  figures[name].rss = peakRss(servers[name].child.pid);
  await stop(servers[name].child);
}

const f = (name) => ({ rps: median(figures[name].rps), p99: median(figures[name].p99), rss: figures[name].rss, start: median(figures[name].start) });
const [node, hono, pd] = names.map(f);
const row = (label, key, unit, digits, goal, ok) =>
  `| ${label} | ${node[key].toFixed(digits)}${unit} | ${hono[key].toFixed(digits)}${unit} | ${pd[key].toFixed(digits)}${unit} | ${goal} | ${ok ? "met" : "not met"} |`;
const rpsRatio = pd.rps / hono.rps;
console.log(`bench: ${CONNECTIONS} connections, ${WARMUP} s of warm-up then ${ROUNDS} rounds of ${DURATION} s per server, ${START_RUNS} starts each; node ${process.version}, ${cpus().length} cores, load average ${load0.toFixed(2)} at start, ${loadavg()[0].toFixed(2)} at end`);
console.log(`paydouble as shipped: node ${[...shippedFlags, entry].join(" ")}`);
for (const line of caNote()) console.log(line);
console.log("");
console.log("| | bare node:http | bare Hono | paydouble | goal | |");
console.log("|---|---:|---:|---:|---:|---|");
console.log(row("requests/s", "rps", "", 0, `>= 0.6x Hono (now ${rpsRatio.toFixed(2)}x)`, rpsRatio >= 0.6));
console.log(row("p99 latency", "p99", " ms", 1, "<= 5 ms", pd.p99 <= 5));
console.log(row("peak RSS", "rss", " MB", 0, `<= 2x Hono (now ${(pd.rss / hono.rss).toFixed(2)}x)`, pd.rss <= 2 * hono.rss));
console.log(row("start to first payment", "start", " ms", 0, `<= 1.3x node (now ${(pd.start / node.start).toFixed(2)}x)`, pd.start <= 1.3 * node.start));
// The warm-up, apart: a fresh process runs its first seconds before the JIT has optimized its
// hot path (paydouble's is several times bare Hono's code), and a short suite lives there.
console.log("");
if (WARMUP > 0) {
  console.log(`first ${WARMUP} s of each fresh server (the JIT's warm-up; not in the rows above):`);
  for (const n of names) console.log(`  ${n}: ${Math.round(figures[n].cold.rps)} requests/s, p99 ${figures[n].cold.p99.toFixed(1)} ms${n === "paydouble" ? ` (${(figures[n].cold.rps / figures["bare Hono"].cold.rps).toFixed(2)}x Hono)` : ""}`);
}
console.log(`rounds in order${stolen === null ? "" : ` (CPU time the hypervisor took from this machine during them: ${(100 * stolen).toFixed(1)}%)`}:`);
for (const n of names) console.log(`  ${n}: ${figures[n].rps.map((r) => Math.round(r)).join(" / ")} requests/s, p99 ${figures[n].p99.map((p) => p.toFixed(1)).join(" / ")} ms`);
// paydouble keeps every payment it answers (bare Hono keeps nothing): its peak follows its throughput.
const stored = figures.paydouble.answered;
console.log(`paydouble stored ${stored.toLocaleString("en-US")} payments in its warm-up and rounds: ${(((pd.rss - hono.rss) * 1e5) / stored).toFixed(1)} MB of peak RSS above bare Hono's per 100,000`);
const bad = names.filter((n) => figures[n].non2xx > 0);
if (bad.length) {
  console.log(`non-2xx answers or errors: ${bad.map((n) => `${n} ${figures[n].non2xx}`).join(", ")}`);
  process.exitCode = 1;
}
