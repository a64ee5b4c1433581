#!/usr/bin/env node
// The inspector's cost (issue 14, item 6). Run with `npm run bench` or `npm run bench:inspector`
// (builds first), not in `npm test`.
//
//   node bench/inspector.mjs [--duration <s>] [--rounds <n>] [--quick] [--connections <n>]
//
// Two built doubles, each in its own child process: "bare" keeps no journal (JOURNAL_LIMIT=0) and
// has no watcher; "inspected" keeps the default journal (answers, error codes, near-misses) and has
// one open inspector stream (GET /_mock/events, read to the end by this process, as a browser tab
// would). autocannon drives the same card SALE creates at each, alternating bare / inspected for a
// number of rounds so a noisy machine hurts both alike. Prints each round and the median ratio; the
// target is at most 10% lower throughput. Exits 1 above it, or when a request failed.
import autocannon from "autocannon";
import os from "node:os";
import { startServer } from "./child.mjs";
import { TRANSACTION_CREATES } from "./workload.mjs";
import { median } from "./median.mjs";

const TARGET_LOSS = 0.1;

function flags(argv) {
  const f = { duration: 10, rounds: 3, connections: 16 };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--quick") Object.assign(f, { duration: 3, rounds: 2 });
    else if (argv[i] === "--duration") f.duration = Number(argv[++i]);
    else if (argv[i] === "--rounds") f.rounds = Number(argv[++i]);
    else if (argv[i] === "--connections") f.connections = Number(argv[++i]);
    else throw new Error(`unknown flag ${argv[i]}`);
  }
  if (!(f.duration > 0) || !(f.rounds > 0) || !(f.connections > 0)) throw new Error("--duration, --rounds and --connections take positive numbers");
  return f;
}

async function run(port, f) {
  const r = await autocannon({ url: `http://127.0.0.1:${port}`, connections: f.connections, duration: f.duration, requests: TRANSACTION_CREATES.map(({ method, path, headers, body }) => ({ method, path, headers, body })) });
  return { rps: r.requests.average, p99: r.latency.p99, total: r.requests.total, failed: r.errors + r.timeouts + r.non2xx };
}

/** Opens the inspector's live stream and counts the `request` events it receives until stopped. */
async function subscribe(port) {
  const controller = new AbortController();
  const res = await fetch(`http://127.0.0.1:${port}/_mock/events`, { signal: controller.signal });
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  const seen = { events: 0 };
  const reading = (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        seen.events += decoder.decode(value, { stream: true }).split("event: request\n").length - 1;
      }
    } catch {
      // aborted at the end
    }
  })();
  return { seen, stop: async () => (controller.abort(), await reading) };
}


async function main() {
  const f = flags(process.argv.slice(2));
  console.log(`inspector bench: ${f.rounds} rounds x ${f.duration} s per side, ${f.connections} connections; node ${process.version}, ${os.cpus()[0]?.model ?? "cpu"} x${os.cpus().length}`);
  const bare = startServer("double", { JOURNAL_LIMIT: "0" });
  const inspected = startServer("double");
  const journalOnly = startServer("double");
  const [barePort, inspectedPort, journalPort] = await Promise.all([bare.ready, inspected.ready, journalOnly.ready]);
  const stream = await subscribe(inspectedPort);
  const ratios = [];
  /** The journal alone (no stream), to tell the two costs apart. */
  const journalRatios = [];
  let failed = 0;
  let inspectedTotal = 0;
  try {
    for (let round = 1; round <= f.rounds; round++) {
      // Alternate which side goes first, so a machine growing busier or quieter hurts both alike.
      const [b, i] = round % 2 ? [await run(barePort, f), await run(inspectedPort, f)] : [...[await run(inspectedPort, f), await run(barePort, f)].reverse()];
      const j = await run(journalPort, f);
      journalRatios.push(j.rps / b.rps);
      failed += j.failed;
      failed += b.failed + i.failed;
      inspectedTotal += i.total;
      ratios.push(i.rps / b.rps);
      console.log(`round ${round}: bare ${b.rps.toFixed(0)} req/s p99 ${b.p99} ms | journal + 1 inspector stream ${i.rps.toFixed(0)} req/s p99 ${i.p99} ms | ${((i.rps / b.rps) * 100).toFixed(1)}% | journal only ${j.rps.toFixed(0)} req/s (${((j.rps / b.rps) * 100).toFixed(1)}%)`);
    }
  } finally {
    await stream.stop();
    await Promise.all([bare.stop(), inspected.stop(), journalOnly.stop()]);
  }
  const ratio = median(ratios);
  const ok = ratio >= 1 - TARGET_LOSS;
  console.log(`createTransaction with the journal and an open inspector: ${(ratio * 100).toFixed(1)}% of the same run without them (median of ${f.rounds}; target >= ${((1 - TARGET_LOSS) * 100).toFixed(0)}%): ${ok ? "ok" : "OVER TARGET"}`);
  console.log(`the journal alone (no stream): ${(median(journalRatios) * 100).toFixed(1)}% of the same run without it`);
  console.log(`stream received ${stream.seen.events} request events for ${inspectedTotal} requests answered; failed requests: ${failed}`);
  if (!ok || failed > 0 || stream.seen.events < inspectedTotal) process.exitCode = 1;
}

await main();
