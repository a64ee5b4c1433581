// A server for bench/cost.mjs: `node` (bare node:http), `hono` (bare Hono on @hono/node-server) or
// `double` (the built paydouble as `dist/main.js` assembles it), each answering the card SALE of
// bench/cost.mjs. Prints its port on stdout.
import { createServer } from "node:http";

const mode = process.argv[2];
const ANSWER = JSON.stringify({ id: "TRANSACTION-01J00000000000000000000000", result: "APPROVED", amount: 1500 });
const onListen = (port) => process.stdout.write(`port ${port}\n`);
if (mode === "node") {
  const server = createServer((req, res) => {
    const parts = [];
    req.on("data", (b) => parts.push(b));
    req.on("end", () => {
      JSON.parse(Buffer.concat(parts).toString());
      res.writeHead(200, { "content-type": "application/json" }).end(ANSWER);
    });
  }).listen(0, "127.0.0.1", () => onListen(server.address().port));
} else {
  const { serve } = await import("@hono/node-server");
  let fetch;
  if (mode === "hono") {
    const { Hono } = await import("hono");
    const app = new Hono();
    app.post("/v1/transactions", async (c) => c.json({ ...JSON.parse(ANSWER), echo: (await c.req.json()).amount }));
    fetch = app.fetch;
  } else {
    const { createDouble } = await import("../dist/index.js");
    // The CLI's server: the adapter's listener behind the envelope for malformed HTTP (src/cli/http-server.ts).
    const { createHttpServer } = await import("../dist/cli/http-server.js");
    const server = createHttpServer(createDouble({ seed: "bench" }).fetch, "127.0.0.1");
    server.listen(0, "127.0.0.1", () => onListen(server.address().port));
  }
  if (fetch) serve({ fetch, port: 0, hostname: "127.0.0.1" }, (info) => onListen(info.port));
}

// bench/cost-parts.mjs (PROFILE: a CPU profile, 100 µs sampling) and bench/alloc.mjs (ALLOC: V8's
// sampling heap profiler, one sample every 256 bytes, objects the collectors freed included):
// SIGUSR2 starts the profiler (after the warm-up), SIGTERM writes its profile to that file and exits.
const profileFile = process.env.PROFILE ?? process.env.ALLOC;
if (profileFile) {
  const { Session } = await import("node:inspector");
  const { writeFileSync } = await import("node:fs");
  const session = new Session();
  session.connect();
  const post = (method, params) => new Promise((resolve, reject) => session.post(method, params, (e, r) => (e ? reject(e) : resolve(r))));
  const cpu = Boolean(process.env.PROFILE);
  if (cpu) {
    await post("Profiler.enable");
    await post("Profiler.setSamplingInterval", { interval: 100 });
  } else await post("HeapProfiler.enable");
  const sampling = { samplingInterval: 256, includeObjectsCollectedByMinorGC: true, includeObjectsCollectedByMajorGC: true };
  process.on("SIGUSR2", () => void (cpu ? post("Profiler.start") : post("HeapProfiler.startSampling", sampling)));
  process.on("SIGTERM", async () => {
    const { profile } = await post(cpu ? "Profiler.stop" : "HeapProfiler.stopSampling");
    writeFileSync(profileFile, JSON.stringify(profile));
    process.exit(0);
  });
}
