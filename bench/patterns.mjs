// node bench/patterns.mjs (after npm run build): issue 11 item 3, "9,000 rules must not make a
// request 100 ms". One POST /v1/transactions measured in process (app.request) against a world with
// no extra rules (the same-run baseline) and against one with 9,000 `matches` rules that all run and
// none matches (the worst case: every pattern is tried). Also one request against `^(a+)+$` with 28
// letters and a `!` (16 s on a backtracking engine). Prints median and p99 of REQUESTS requests each.
import { createDouble } from "../dist/index.js";

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const RULES = 9000;
const MERCHANT = { "Api-Key": "pk_live_01JDEM0MERCHANTKEY00000000", "Client-Id": "CLIENT-01JDEM0MERCHANT00000000000", "content-type": "application/json" };
const card = (first_name) => ({ type: "Card", entry_method: "ECOMMERCE", pan: "4242424242424242", expiry: { month: "12", year: "2030" }, cvv: "123", first_name, last_name: "L" });
const body = (first_name = "Ada") => JSON.stringify({ type: "SALE", amount: 1234, payment_method: card(first_name) });

// Given at creation (a file this size is over the 1 MiB upload limit of POST /_mock/scenarios).
const many9000 = {
  version: 1,
  name: "many",
  rules: Array.from({ length: RULES }, (_, i) => ({
    name: `r${i}`,
    when: { operation: "createTransaction", body: { "payment_method.first_name": { matches: `^Zz${i}(\\d+)$` } } },
    then: { decline: { code: "05", description: "No" } },
  })),
};

async function measure(double, first) {
  const times = [];
  for (let i = 0; i < REQUESTS; i++) {
    const t = process.hrtime.bigint();
    const r = await double.app.request("/v1/transactions", { method: "POST", headers: MERCHANT, body: body(first) });
    await r.text();
    times.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)].toFixed(2), p99: times[Math.floor(times.length * 0.99)].toFixed(2) };
}

const base = createDouble({ journalLimit: 100 });
let t = process.hrtime.bigint();
const many = createDouble({ journalLimit: 100, scenarios: [many9000] });
const loadMs = Number(process.hrtime.bigint() - t) / 1e6;
await measure(base); // warm-up
await measure(many);
const b = await measure(base);
const m = await measure(many);
const evil = createDouble();
await evil.app.request("/_mock/scenarios", { method: "POST", headers: { "content-type": "application/yaml" }, body: 'version: 1\nname: evil\nrules:\n  - when: { operation: createTransaction, body: { payment_method.first_name: { matches: "^(a+)+$" } } }\n    then: { decline: { code: "05", description: No } }\n' });
t = process.hrtime.bigint();
await (await evil.app.request("/v1/transactions", { method: "POST", headers: MERCHANT, body: body(`${"a".repeat(28)}!`) })).text();
const evilMs = Number(process.hrtime.bigint() - t) / 1e6;
console.log(`POST /v1/transactions, ${REQUESTS} requests each (ms):`);
console.log(`  no extra rules (baseline)   median ${b.median}  p99 ${b.p99}`);
console.log(`  ${RULES} matches rules       median ${m.median}  p99 ${m.p99}   (file loaded in ${loadMs.toFixed(0)} ms)`);
console.log(`  ^(a+)+$ vs 28 a's and '!'   ${evilMs.toFixed(2)} ms`);
