// A server child of the benchmark: `double` (the built paydouble, dist/), `baseline` (a bare Hono
// app with one trivial JSON POST endpoint) or `ceiling` (that endpoint answering the JSON text in
// env ANSWER after SPIN_US microseconds of busy work: bench/ceiling.mjs). It reports its port, then
// answers `memory` messages with process.memoryUsage() after a full GC, over the IPC channel (no
// debug route in the product).
import { serve } from "@hono/node-server";
import { Hono } from "hono";

const mode = process.argv[2];
let fetch;
if (mode === "double") {
  const { createDouble } = await import("../dist/index.js");
  // JOURNAL_LIMIT=0 keeps no journal: the inspector bench's baseline (bench/inspector.mjs).
  // VERDICT=off records no coverage or audit: the verdict bench's baseline (bench/verdict.mjs).
  const journalLimit = process.env.JOURNAL_LIMIT ? Number(process.env.JOURNAL_LIMIT) : undefined;
  fetch = createDouble({ seed: "bench", journalLimit, verdict: process.env.VERDICT !== "off" }).fetch;
} else if (mode === "ceiling") {
  const answer = JSON.parse(process.env.ANSWER);
  const spinNs = BigInt(Math.round(Number(process.env.SPIN_US) * 1000));
  const app = new Hono();
  app.post("/v1/ping", async (c) => {
    const body = await c.req.json();
    const start = process.hrtime.bigint();
    while (process.hrtime.bigint() - start < spinNs); // stands for a handler's own work
    c.header("x-request-id", "00000000-0000-4000-8000-000000000000");
    return c.json({ ...answer, echo: body.n ?? null });
  });
  fetch = app.fetch;
} else {
  const app = new Hono();
  app.post("/v1/ping", async (c) => {
    const body = await c.req.json();
    return c.json({ id: "PING-01J00000000000000000000000", echo: body.n ?? null, correlation_id: "bench" });
  });
  fetch = app.fetch;
}

const server = serve({ fetch, port: 0, hostname: "127.0.0.1" }, (info) => process.send({ kind: "ready", port: info.port }));
process.on("message", (m) => {
  if (m === "memory") {
    globalThis.gc?.();
    globalThis.gc?.();
    process.send({ kind: "memory", usage: process.memoryUsage() });
  } else if (m === "stop") {
    server.close(() => process.exit(0));
  }
});
