// Baseline for bench/run.mjs: the smallest hono server on @hono/node-server, answering POST with
// JSON and printing the same startup line as paydouble, so both cold starts are measured alike.
import { serve } from "@hono/node-server";
import { Hono } from "hono";

const app = new Hono();
app.post("*", async (c) => c.json({ ok: true, body: await c.req.json() }));
serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, (info) => {
  process.stdout.write(`bare hono listening on http://127.0.0.1:${info.port}\n`);
});
