// node bench/start-cost.mjs: what a start costs up to its first answered card SALE, for bare node:http
// (bench/baselines.mjs) and paydouble as shipped (the flags and file of package.json's start script),
// in figures that do not move with the machine's load as the start's wall time does (bench/table.mjs):
//   instructions   valgrind's callgrind, every thread of the process, from exec to the first answer
//                  (the median of CALLGRIND_RUNS runs, default 3)
//   page faults    minor faults to the first answer (each is kernel time callgrind does not count:
//                  about 2 µs here), with the RSS and the V8 heap then; RUNS runs, medians
// The server exits once it has answered (bench/first-sale-exit.cjs). The environment is passed on as
// the table passes it: a NODE_EXTRA_CA_CERTS there costs both servers the same instructions.
// ENTRY=<folder>/cli.cjs measures another build's CLI instead (a dist/ copied to a sibling of dist/).
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { SALE } from "./cost.mjs";
import { median } from "./median.mjs";

const RUNS = Number(process.env.RUNS ?? 5);
/** Callgrind runs of each (its count moves by a few percent between runs: V8's background threads). */
const CALLGRIND_RUNS = Number(process.env.CALLGRIND_RUNS ?? 3);
const root = fileURLToPath(new URL("..", import.meta.url));
const hook = `${root}bench/first-sale-exit.cjs`;
const startScript = JSON.parse(readFileSync(`${root}package.json`, "utf8")).scripts.start;
const shippedFlags = startScript.split(/\s+/).filter((w) => w.startsWith("--"));
const entry = process.env.ENTRY ?? startScript.split(/\s+/).slice(1).find((w) => !w.startsWith("--"));
const HEADERS = { "content-type": "application/json", "api-key": "pk_live_01JDEM0MERCHANTKEY00000000", "client-id": "CLIENT-01JDEM0MERCHANT00000000000" };
const TARGETS = {
  "bare node:http": (port) => ["-r", hook, `${root}bench/baselines.mjs`, "node", String(port)],
  paydouble: (port) => [...shippedFlags, "-r", hook, `${root}${entry}`, "--port", String(port)],
};
const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith("PAYDOUBLE_")));
let nextPort = 47100 + Math.floor(Math.random() * 500);

/** Runs `cmd args`, posts a SALE every 5 ms until one is answered, waits for the exit; resolves stderr. */
async function firstSale(cmd, args, port) {
  const child = spawn(cmd, args, { cwd: root, env, stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (d) => (stderr += d));
  const exited = new Promise((resolve) => child.once("exit", resolve));
  let answered = false;
  exited.then(() => (answered = true));
  while (!answered) {
    const ok = await fetch(`http://127.0.0.1:${port}/v1/transactions`, { method: "POST", headers: HEADERS, body: SALE }).then((r) => r.arrayBuffer(), () => null);
    if (ok) break;
    await new Promise((r) => setTimeout(r, 5));
  }
  await exited;
  return stderr;
}

const hasValgrind = spawnSync("valgrind", ["--version"]).status === 0;
console.log(`start to the first answered SALE, node ${process.version}; paydouble as shipped: node ${[...shippedFlags, entry].join(" ")}`);
const rows = {};
for (const [name, args] of Object.entries(TARGETS)) {
  const used = [];
  for (let i = 0; i < RUNS; i++) {
    const port = nextPort++;
    const line = /first-sale (.*)/.exec(await firstSale(process.execPath, args(port), port));
    if (line) used.push(JSON.parse(line[1]));
  }
  const counts = [];
  for (let i = 0; hasValgrind && i < CALLGRIND_RUNS; i++) {
    const dir = mkdtempSync(join(tmpdir(), "start-cost-"));
    const port = nextPort++;
    await firstSale("valgrind", ["--tool=callgrind", "--smc-check=all", `--callgrind-out-file=${dir}/out.%p`, process.execPath, ...args(port)], port);
    let n = 0;
    for (const f of readdirSync(dir)) n += Number(/^summary: (\d+)/m.exec(readFileSync(join(dir, f), "utf8"))?.[1] ?? 0);
    rmSync(dir, { recursive: true, force: true });
    counts.push(n);
  }
  const instructions = counts.length ? median(counts) : null;
  const m = (k) => median(used.map((u) => u[k]));
  rows[name] = { instructions, pageFaults: m("pageFaults"), rssMB: m("rssMB"), heapUsedMB: m("heapUsedMB"), cpuMs: m("cpuMs") };
}
const base = rows["bare node:http"];
console.log("| | instructions | page faults | RSS | V8 heap used | CPU time |");
console.log("|---|---:|---:|---:|---:|---:|");
for (const [name, r] of Object.entries(rows)) {
  const ratio = (a, b) => (name === "bare node:http" || !a ? "" : ` (${(a / b).toFixed(2)}x)`);
  const mi = r.instructions === null ? "no valgrind" : `${(r.instructions / 1e6).toFixed(1)}M${ratio(r.instructions, base.instructions)}`;
  console.log(`| ${name} | ${mi} | ${r.pageFaults}${ratio(r.pageFaults, base.pageFaults)} | ${r.rssMB.toFixed(1)} MB | ${r.heapUsedMB.toFixed(1)} MB | ${r.cpuMs.toFixed(0)} ms |`);
}
console.log(`(page faults, RSS, heap and CPU: medians of ${RUNS} runs each; instructions: median of ${CALLGRIND_RUNS} runs under callgrind; CPU time moves with the machine's load)`);
