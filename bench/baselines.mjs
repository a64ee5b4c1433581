// The two baselines of bench/table.mjs, each a server answering POST /v1/transactions with a
// 1 KB JSON answer (the size of paydouble's card SALE answer) after parsing the JSON body:
//   node bench/baselines.mjs node <port>   bare node:http
//   node bench/baselines.mjs hono <port>   bare Hono on @hono/node-server
const [mode, port] = process.argv.slice(2);
const ANSWER = { id: "TRANSACTION-01KJQH0CC1RGTCQWKJC49DCDQ2", result: "APPROVED", padding: "x".repeat(900) };
if (mode === "node") {
  const { createServer } = await import("node:http");
  createServer((req, res) => {
    const parts = [];
    req.on("data", (b) => parts.push(b));
    req.on("end", () => {
      const body = parts.length ? JSON.parse(Buffer.concat(parts).toString()) : {};
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ ...ANSWER, amount: body.amount ?? null }));
    });
  }).listen(Number(port), "127.0.0.1");
} else {
  const { serve } = await import("@hono/node-server");
  const { Hono } = await import("hono");
  const app = new Hono();
  app.post("/v1/transactions", async (c) => c.json({ ...ANSWER, amount: (await c.req.json()).amount ?? null }));
  serve({ fetch: app.fetch, port: Number(port), hostname: "127.0.0.1" });
}
