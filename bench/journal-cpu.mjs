#!/usr/bin/env node
// CPU time per create-transaction request, in process (no sockets), for builds and variants side by
// side in ONE process: a build from before the richer journal (BASE_DIST), this build, this build
// with one live journal listener (an open inspector's stream), and this build with a loaded rule that
// never matches (near misses on every request). Process CPU time, not wall time, so a machine
// shared with other jobs inflates every variant alike; variants alternate in small batches over
// many rounds and the report gives medians and ratios to the first variant.
//
//   BASE_DIST=/path/to/old/dist node bench/journal-cpu.mjs [--batch <n>] [--rounds <n>]
import { fileURLToPath, pathToFileURL } from "node:url";
import { TRANSACTION_CREATES } from "./workload.mjs";
import { median } from "./median.mjs";

const here = fileURLToPath(new URL(".", import.meta.url));
const args = process.argv.slice(2);
const opt = (name, dflt) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : dflt);
const batch = opt("--batch", 500);
const rounds = opt("--rounds", 15);
const NEVER = {
  version: 1,
  name: "never",
  rules: [{ name: "huge amounts", when: { operation: "createTransaction", body: { amount: { gte: 100000000 } } }, then: { decline: { code: "51", description: "Insufficient funds" } } }],
};

async function build(dist, variant) {
  const { createDouble } = await import(pathToFileURL(`${dist}/index.js`).href);
  const double = createDouble({ seed: "bench", scenarios: variant === "near-miss" ? [NEVER] : [] });
  let streamed = 0;
  // What an open inspector's event stream does per request: a summary row, or the whole entry.
  if (variant === "listener") double.host.root.journal.subscribe((e, live) => (streamed += JSON.stringify(e).length + String(live.latency_ms).length));
  if (variant === "summary") {
    double.host.root.journal.subscribe((e, live) => (streamed += JSON.stringify({ seq: e.seq, at: e.at, method: e.method, path: e.path, status: e.status, operation: e.operation, client_id: e.client_id, rule: e.rule, latency_ms: live.latency_ms }).length));
  }
  return double;
}

const variants = [];
if (process.env.BASE_DIST) variants.push({ name: "before (base build)", double: await build(process.env.BASE_DIST, "plain") });
variants.push({ name: "richer journal", double: await build(`${here}../dist`, "plain") });
// The same build and variant twice: how far two identical doubles drift apart is the noise floor.
variants.push({ name: "richer journal (identical twin)", double: await build(`${here}../dist`, "plain") });
variants.push({ name: "+ 1 listener, summary rows", double: await build(`${here}../dist`, "summary") });
variants.push({ name: "+ 1 listener, whole entries", double: await build(`${here}../dist`, "listener") });
variants.push({ name: "+ a near-miss rule", double: await build(`${here}../dist`, "near-miss") });

const [create] = TRANSACTION_CREATES;
async function run(double, n) {
  const before = process.cpuUsage();
  for (let i = 0; i < n; i++) {
    const res = await double.fetch(new Request(`http://127.0.0.1${create.path}`, { method: "POST", headers: create.headers, body: create.body }));
    if (res.status !== 200) throw new Error(`status ${res.status}: ${await res.text()}`);
    await res.arrayBuffer();
  }
  const used = process.cpuUsage(before);
  return (used.user + used.system) / n;
}

for (const v of variants) await run(v.double, batch); // warm-up, not counted
const samples = new Map(variants.map((v) => [v.name, []]));
// Each round starts with the next variant, so no variant always runs just after a warm (or a cold) one.
for (let r = 0; r < rounds; r++) {
  for (let k = 0; k < variants.length; k++) {
    const v = variants[(r + k) % variants.length];
    samples.get(v.name).push(await run(v.double, batch));
  }
}
const ref = median(samples.get(variants[0].name));
console.log(`CPU time per create-transaction request, in process, median of ${rounds} batches of ${batch} (node ${process.version}):`);
for (const v of variants) {
  const m = median(samples.get(v.name));
  console.log(`  ${v.name.padEnd(34)} ${m.toFixed(1).padStart(7)} us  ${((m / ref) * 100).toFixed(1)}% of ${variants[0].name} (throughput ${((ref / m) * 100).toFixed(1)}%)`);
}
