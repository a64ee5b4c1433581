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
// `^Zz<i>` patterns are turned away by their literal prefix before RE2 runs; `Zz<i>_` patterns
// (no anchor) run RE2 on every request, 9,000 times.
const manyOf = (pattern) => ({
  version: 1,
  name: "many",
  rules: Array.from({ length: RULES }, (_, i) => ({
    name: `r${i}`,
    when: { operation: "createTransaction", body: { "payment_method.first_name": { matches: pattern(i) } } },
    then: { decline: { code: "05", description: "No" } },
  })),
});

// Wall time per request (median, p99) and the mean CPU time this thread spent per request: on a
// shared machine the CPU figure moves far less than the wall times.
async function measure(double, first) {
  const times = [];
  const cpu = process.cpuUsage();
  for (let i = 0; i < REQUESTS; i++) {
    const t = process.hrtime.bigint();
    const r = await double.app.request("/v1/transactions", { method: "POST", headers: MERCHANT, body: body(first) });
    await r.text();
    times.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  const used = process.cpuUsage(cpu);
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)].toFixed(2);
  return { median, p99: times[Math.floor(times.length * 0.99)].toFixed(2), cpu: ((used.user + used.system) / 1000 / REQUESTS).toFixed(2) };
}

function created(file) {
  const c = process.cpuUsage();
  const double = createDouble({ journalLimit: 100, scenarios: [file] });
  const u = process.cpuUsage(c);
  return { double, loadMs: (u.user + u.system) / 1000 };
}

const base = createDouble({ journalLimit: 100 });
const anchored = created(manyOf((i) => `^Zz${i}(\\d+)$`));
const unanchored = created(manyOf((i) => `Zz${i}_(\\d+)$`));
for (const d of [base, anchored.double, unanchored.double]) await measure(d); // warm-up
const b = await measure(base);
const m = await measure(anchored.double);
const u = await measure(unanchored.double);
const evil = createDouble();
await evil.app.request("/_mock/scenarios", { method: "POST", headers: { "content-type": "application/yaml" }, body: 'version: 1\nname: evil\nrules:\n  - when: { operation: createTransaction, body: { payment_method.first_name: { matches: "^(a+)+$" } } }\n    then: { decline: { code: "05", description: No } }\n' });
const t = process.hrtime.bigint();
await (await evil.app.request("/v1/transactions", { method: "POST", headers: MERCHANT, body: body(`${"a".repeat(28)}!`) })).text();
const evilMs = Number(process.hrtime.bigint() - t) / 1e6;
console.log(`POST /v1/transactions, ${REQUESTS} requests each (ms):`);
console.log(`  no extra rules (baseline)            median ${b.median}  p99 ${b.p99}  cpu ${b.cpu}`);
console.log(`  ${RULES} matches rules ^Zz<i>(\\d+)$    median ${m.median}  p99 ${m.p99}  cpu ${m.cpu}   (loaded in ${anchored.loadMs.toFixed(0)} ms CPU)`);
console.log(`  ${RULES} matches rules Zz<i>_(\\d+)$    median ${u.median}  p99 ${u.p99}  cpu ${u.cpu}   (loaded in ${unanchored.loadMs.toFixed(0)} ms CPU)`);
console.log(`  ^(a+)+$ vs 28 a's and '!'   ${evilMs.toFixed(2)} ms`);
