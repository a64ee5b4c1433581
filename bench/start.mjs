// npm run bench:start: time to first answer of a start, from spawn to the first 200, for
//   bare node      node -e <an empty http server>            (the baseline: Node's own start)
//   paydouble      node <the flags and file of package.json's start script> (what `npm start`
//                  and the image's CMD run; today no flag: any V8 flag there makes V8 reject the
//                  code cache trained without it, as --max-semi-space-size=256 did here until issue 22)
//   npm start      npm start -- --port P                       (the same through npm, as a user types it)
// alternating in one run, each polled the same way (GET every 5 ms until 200; paydouble's
// /_mock/health, the bare server's /). BENCH_RUNS runs of each (default 15); prints the medians and
// the ratios to bare node, with the load average (the machine is shared).
import { spawn } from "node:child_process";
import { createServer } from "node:net";
import { loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import { readFileSync } from "node:fs";
import { median } from "./median.mjs";

const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const root = fileURLToPath(new URL("..", import.meta.url));
const startScript = JSON.parse(readFileSync(`${root}package.json`, "utf8")).scripts.start;
const shippedFlags = startScript.split(/\s+/).filter((w) => w.startsWith("--"));
/** The file `npm start` runs (`node [flags] <entry>`). */
const entry = startScript.split(/\s+/).slice(1).find((w) => !w.startsWith("--"));
const BARE = "require('node:http').createServer((q, s) => s.end('ok')).listen(Number(process.argv[1]), '127.0.0.1')";

const TARGETS = {
  "bare node": (port) => ({ cmd: process.execPath, args: ["-e", BARE, String(port)], path: "/" }),
  paydouble: (port) => ({ cmd: process.execPath, args: [...shippedFlags, entry, "--port", String(port)], path: "/_mock/health" }),
  "npm start": (port) => ({ cmd: "npm", args: ["start", "-s", "--", "--port", String(port)], path: "/_mock/health" }),
};

function freePort() {
  return new Promise((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** Spawns one target and polls it; resolves the milliseconds from spawn to the first 200. */
async function once(make) {
  const port = await freePort();
  const { cmd, args, path } = make(port);
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith("PAYDOUBLE_")));
  const started = performance.now();
  // Its own process group, so npm and the node it starts are stopped together.
  const child = spawn(cmd, args, { cwd: root, env, stdio: "ignore", detached: true });
  try {
    for (let i = 0; i < 6000; i++) {
      const ok = await fetch(`http://127.0.0.1:${port}${path}`).then((r) => (r.body?.cancel(), r.status === 200), () => false);
      if (ok) return performance.now() - started;
      await new Promise((r) => setTimeout(r, 5));
    }
    throw new Error(`${cmd} ${args.join(" ")} did not answer within 30 s`);
  } finally {
    const exited = new Promise((r) => child.once("exit", r));
    process.kill(-child.pid, "SIGTERM");
    await exited;
  }
}


const times = Object.fromEntries(Object.keys(TARGETS).map((k) => [k, []]));
const load = loadavg()[0];
for (let run = 0; run < RUNS; run++) for (const [name, make] of Object.entries(TARGETS)) times[name].push(await once(make));
const base = median(times["bare node"]);
console.log(`start to first answer, ${RUNS} runs each, alternating (load average ${load.toFixed(2)} at start, ${loadavg()[0].toFixed(2)} at end)`);
for (const [name, xs] of Object.entries(times)) {
  const m = median(xs);
  console.log(`  ${name.padEnd(10)} median ${m.toFixed(0).padStart(5)} ms  min ${Math.min(...xs).toFixed(0).padStart(5)} ms  max ${Math.max(...xs).toFixed(0).padStart(5)} ms  ${(m / base).toFixed(2)}x bare node`);
}
