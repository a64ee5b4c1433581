// node bench/cost.mjs [node|hono|double ...]: CPU instructions per card SALE, counted by valgrind's
// callgrind (repeatable on a busy machine, unlike time). Each server runs under callgrind with
// instrumentation off; one keep-alive client sends WARMUP requests, instrumentation is switched on,
// COUNT more are sent, and the counts are dumped and split by where the instructions ran:
// JIT-compiled JavaScript, V8 built-ins (JSON, RegExp, strings...), garbage collection, llhttp,
// the rest of node and V8 in C++, libc. Kernel time is not counted (callgrind sees user space).
// `--cpu-prof` below splits the JavaScript by part of the request path (bench/cost-parts.mjs).
// FUNCTIONS=<n> also lists the n functions with the most instructions of their own: node runs with
// `--perf-basic-prof`, whose map (/tmp/perf-<pid>.map) names the JIT-compiled code callgrind sees
// only as addresses (`JS:*name file:line` optimized, `^` baseline, `~` interpreted).
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const WARMUP = Number(process.env.WARMUP ?? 6000);
const COUNT = Number(process.env.COUNT ?? 3000);
const FUNCTIONS = Number(process.env.FUNCTIONS ?? 0);
const here = fileURLToPath(new URL(".", import.meta.url));
export const SALE = JSON.stringify({ type: "SALE", amount: 1500, payment_method: { type: "Card", entry_method: "ECOMMERCE", pan: "4242424242424242", expiry: { month: "12", year: "2030" }, cvv: "123" } });
export const REQUEST = Buffer.from(
  `POST /v1/transactions HTTP/1.1\r\nHost: 127.0.0.1\r\nApi-Key: pk_live_01JDEM0MERCHANTKEY00000000\r\nClient-Id: CLIENT-01JDEM0MERCHANT00000000000\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(SALE)}\r\n\r\n${SALE}`,
);

/** Sends `n` requests one after the other on one keep-alive connection; resolves the last status line. */
export function send(port, n) {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    let left = n;
    let buf = "";
    let status = "";
    socket.setEncoding("latin1");
    socket.on("error", reject);
    socket.on("connect", () => socket.write(REQUEST));
    socket.on("data", (chunk) => {
      buf += chunk;
      for (;;) {
        const end = buf.indexOf("\r\n\r\n");
        if (end < 0) return;
        const head = buf.slice(0, end);
        const m = /content-length: *(\d+)/i.exec(head);
        const length = m ? Number(m[1]) : 0;
        if (buf.length < end + 4 + length) return;
        status = head.slice(0, head.indexOf("\r\n"));
        buf = buf.slice(end + 4 + length);
        if (--left === 0) {
          socket.end();
          return resolve(status);
        }
        socket.write(REQUEST);
      }
    });
  });
}

/**
 * A cost server whose profiler (PROFILE or ALLOC in this process's environment: cost-server.mjs)
 * covers `count` card SALEs sent after `warmup`; resolves once it has written the profile and exited.
 */
export async function profiledRun(mode, warmup, count) {
  const { port, child } = await startCostServer(mode);
  await send(port, warmup);
  child.kill("SIGUSR2");
  await new Promise((r) => setTimeout(r, 200));
  await send(port, count);
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await exited;
}

/** Starts a cost server (optionally under a wrapper command); resolves its port and process. */
export function startCostServer(mode, wrapper = [], nodeFlags = []) {
  const [cmd, ...args] = [...wrapper, process.execPath, ...nodeFlags, join(here, "cost-server.mjs"), mode];
  const child = spawn(cmd, args, { stdio: ["ignore", "pipe", "pipe"] });
  let err = "";
  child.stderr.on("data", (b) => (err += b));
  return new Promise((resolve, reject) => {
    child.stdout.on("data", (b) => {
      const m = /port (\d+)/.exec(String(b));
      if (m) resolve({ port: Number(m[1]), child });
    });
    child.on("exit", (code) => reject(new Error(`${mode} server exited ${code}: ${err.slice(-2000)}`)));
  });
}

const GROUPS = [
  ["garbage collection", /Scaveng|MarkCompact|Heap::|GCTracer|Sweeper|Marking|Evacuat|MinorM|RememberedSet|SlotSet|MemoryAllocator|Compactor|PagedSpace|NewSpace|SemiSpace|MemoryChunk|LargeObject|Heap\b/],
  ["V8 compilers (warm-up left over)", /compiler::|Compiler|Maglev|baseline::|interpreter::|Parser|Scanner|AstNode|Zone::|BytecodeGenerator/],
  ["llhttp", /llhttp/],
  ["JIT-compiled JavaScript", /\[\?\?\?\]$/],
  ["V8 built-ins (ICs, JSON, RegExp, strings, promises)", /Builtins_|JsonParser|JsonStringifier|RegExp|String/],
  ["libc / libstdc++", /libc\.so|libstdc|libm\.so|ld-linux/],
];

function group(row) {
  for (const [name, re] of GROUPS) if (re.test(row)) return name;
  return "node and V8 C++ (streams, handles, IC, compiler)";
}

async function measure(mode) {
  const dir = mkdtempSync(join(tmpdir(), "cost-"));
  const out = join(dir, "callgrind.out");
  const { port, child } = await startCostServer(mode, ["valgrind", "--tool=callgrind", "--instr-atstart=no", `--callgrind-out-file=${out}`], FUNCTIONS ? ["--perf-basic-prof"] : []);
  const first = await send(port, WARMUP);
  execFileSync("callgrind_control", ["-i", "on", String(child.pid)], { stdio: "ignore" });
  const last = await send(port, COUNT);
  execFileSync("callgrind_control", ["-d", String(child.pid)], { stdio: "ignore" });
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await exited;
  const file = join(dir, readdirSync(dir).find((f) => f.endsWith(".1"))); // the dump, not the exit's
  const text = execFileSync("callgrind_annotate", ["--inclusive=no", "--threshold=100", file], { encoding: "utf8", maxBuffer: 1 << 28 });
  const parts = new Map();
  const functions = new Map();
  const nameOf = FUNCTIONS ? jitNames(`/tmp/perf-${child.pid}.map`) : null;
  let total = 0;
  for (const line of text.split("\n")) {
    const m = /^\s*([\d,]+)\s+(?:\([^)]*\)\s+)?(\S.*)$/.exec(line);
    if (!m || /PROGRAM TOTALS|file:function/.test(line)) continue;
    const n = Number(m[1].replace(/,/g, ""));
    total += n;
    const g = group(m[2]);
    parts.set(g, (parts.get(g) ?? 0) + n);
    if (nameOf && !g.startsWith("V8 compilers")) {
      const name = nameOf(m[2]);
      functions.set(name, (functions.get(name) ?? 0) + n);
    }
  }
  const perSale = (entries) => [...entries].map(([k, v]) => [k, v / COUNT]).sort((a, b) => b[1] - a[1]);
  return { mode, status: `${first} / ${last}`, total: total / COUNT, parts: perSale(parts), functions: perSale(functions).slice(0, FUNCTIONS) };
}

/**
 * Names a callgrind row: a JIT address by the perf map's code object holding it (the map's file is
 * removed once read), anything else by its symbol.
 */
function jitNames(mapFile) {
  const entries = readFileSync(mapFile, "utf8").split("\n").map((l) => /^([0-9a-f]+) ([0-9a-f]+) (.*)$/.exec(l)).filter(Boolean)
    .map((m) => ({ start: parseInt(m[1], 16), size: parseInt(m[2], 16), name: m[3].replace(/file:\/\/\S*?\/(dist|node_modules)\//, "$1/") }))
    .sort((a, b) => a.start - b.start);
  rmSync(mapFile, { force: true });
  return (row) => {
    const address = /^\?\?\?:0x([0-9a-f]+) \[\?\?\?\]$/.exec(row);
    if (!address) return row.replace(/^\?\?\?:/, "").replace(/\(.*$/, "").slice(0, 100);
    const at = parseInt(address[1], 16);
    let lo = 0, hi = entries.length - 1, found = null;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (entries[mid].start <= at) (found = entries[mid]), (lo = mid + 1);
      else hi = mid - 1;
    }
    return found && at < found.start + found.size ? found.name : "JIT code the map does not name";
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const modes = process.argv.slice(2).length ? process.argv.slice(2) : ["hono", "double"];
  const results = [];
  for (const mode of modes) results.push(await measure(mode));
  const base = results.find((r) => r.mode === "hono");
  console.log(`instructions per card SALE (callgrind, ${COUNT} requests after ${WARMUP}, one keep-alive connection, node ${process.version})`);
  for (const r of results) {
    // V8 keeps compiling under valgrind long after the warm-up: the steady figure leaves that out.
    const steady = (x) => x.total - (x.parts.find(([k]) => k.startsWith("V8 compilers"))?.[1] ?? 0);
    console.log(`${r.mode.padEnd(7)} ${Math.round(r.total / 1000).toString().padStart(5)}k, ${Math.round(steady(r) / 1000)}k without the compilers${base ? ` (${(steady(r) / steady(base)).toFixed(2)}x hono)` : ""}  (${r.status})`);
    for (const [k, v] of r.parts) console.log(`          ${Math.round(v / 1000).toString().padStart(5)}k  ${k}`);
    if (FUNCTIONS) console.log(`        the ${FUNCTIONS} functions with the most instructions of their own (the compilers left out):`);
    for (const [k, v] of r.functions) console.log(`          ${(v / 1000).toFixed(1).padStart(6)}k  ${k}`);
  }
}
