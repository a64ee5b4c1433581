// npm run bench: cold start, from process spawn to the first answered gateway POST, for paydouble
// (built dist/main.js) and for a bare hono server (bench/bare-hono.mjs), alternating, same run.
//
// The POST is /v1/transactions (a card sale by the demo merchant: the measure);
// `node bench/run.mjs --clients` measures POST /v1/clients (a reseller creating a merchant) instead.
// BENCH_RUNS sets the number of runs of each (default 15); the load average is printed with the result.
import { spawn } from "node:child_process";
import { loadavg } from "node:os";
import { fileURLToPath } from "node:url";

const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const root = fileURLToPath(new URL("..", import.meta.url));
const RESELLER = { id: "CLIENT-01JR00TRESE11ER0000000000R", key: "pk_live_01JR00TRESE11ERKEY00000000" };
const MERCHANT = { id: "CLIENT-01JDEM0MERCHANT00000000000", key: "pk_live_01JDEM0MERCHANTKEY00000000" };
const TARGETS = {
  clients: {
    path: "/v1/clients",
    who: RESELLER,
    body: { dba: "Bench Shop", type: "merchant", admin_contact_details: { first_name: "Ada", last_name: "Lovelace", email: "ada@example.com" } },
  },
  transactions: {
    path: "/v1/transactions",
    who: MERCHANT,
    body: {
      type: "SALE",
      amount: 1234,
      payment_method: { type: "Card", entry_method: "ECOMMERCE", pan: "4242424242424242", expiry: { month: "12", year: "2030" }, cvv: "123", first_name: "Ada", last_name: "Lovelace" },
    },
  },
};
const target = process.argv.includes("--clients") ? TARGETS.clients : TARGETS.transactions;

/** Spawns `args`, waits for the startup line, POSTs once; ms from spawn to the answer. */
function coldStart(args) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, args, { cwd: root, stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout.on("data", async (d) => {
      out += d;
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (!m || child.answered) return;
      child.answered = true;
      try {
        const res = await fetch(m[1] + target.path, {
          method: "POST",
          headers: { "Api-Key": target.who.key, "Client-Id": target.who.id, "content-type": "application/json" },
          body: JSON.stringify(target.body),
        });
        await res.text();
        const ms = performance.now() - t0;
        child.kill("SIGTERM");
        resolve({ ms, status: res.status });
      } catch (e) {
        child.kill("SIGTERM");
        reject(e);
      }
    });
  });
}

const stats = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return { min: s[0], median: s[Math.floor(s.length / 2)], max: s.at(-1) };
};
const fmt = (x) => `${x.toFixed(1)} ms`;

const paydouble = [];
const bare = [];
let status;
for (let i = 0; i < RUNS; i++) {
  const p = await coldStart(["dist/main.js", "--port", "0"]);
  status = p.status;
  paydouble.push(p.ms);
  bare.push((await coldStart(["bench/bare-hono.mjs"])).ms);
}
const a = stats(paydouble);
const b = stats(bare);
console.log(`cold start: spawn -> first answered POST ${target.path} (paydouble answered ${status}), ${RUNS} runs each, node ${process.version}, load average ${loadavg().map((x) => x.toFixed(2)).join(" ")}`);
console.log(`  paydouble   median ${fmt(a.median)}  min ${fmt(a.min)}  max ${fmt(a.max)}`);
console.log(`  bare hono   median ${fmt(b.median)}  min ${fmt(b.min)}  max ${fmt(b.max)}`);
console.log(`  overhead    median ${fmt(a.median - b.median)}; target < 300 ms: ${a.median < 300 ? "met" : "NOT met"}`);
