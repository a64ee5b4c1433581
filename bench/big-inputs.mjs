// node bench/big-inputs.mjs (after npm run build): issue 21 item 12, "big inputs must not block
// every world". Measures, in process, the CPU time one control request holds the thread for:
// loading a 20,000-rule file (about 490 KB of YAML), a did-you-mean over a 938 KB misspelled
// operation name, a rule with a 900 KB body path, 2,000 bad event names; and the per-request cost
// of a world with 9,000 `matches` rules on another operation, and on the request's own, beside the
// same world without them; and the load of 9,000 and of 20,000 (shadowed) rules given as objects.
import { createDouble } from "../dist/index.js";

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const MERCHANT = { "Api-Key": "pk_live_01JDEM0MERCHANTKEY00000000", "Client-Id": "CLIENT-01JDEM0MERCHANT00000000000", "content-type": "application/json" };
const sale = JSON.stringify({ type: "SALE", amount: 1234, payment_method: { type: "Card", entry_method: "ECOMMERCE", pan: "4242424242424242", expiry: { month: "12", year: "2030" }, cvv: "123", first_name: "Ada", last_name: "L" } });

// CPU time of this thread (what every world waits for), steadier than wall time on a shared machine.
const cpuMs = (c) => {
  const u = process.cpuUsage(c);
  return ((u.user + u.system) / 1000).toFixed(0);
};
async function load(double, yaml) {
  const c = process.cpuUsage();
  const r = await double.app.request("/_mock/scenarios", { method: "POST", headers: { "content-type": "application/yaml" }, body: yaml });
  const text = await r.text();
  return { ms: cpuMs(c), status: r.status, kb: (Buffer.byteLength(yaml) / 1024).toFixed(0), text };
}
const rules = (n, when) => ["version: 1", "name: big", "rules:", ...Array.from({ length: n }, (_, i) => `  - { when: ${when(i)}, then: { approve: true } }`)].join("\n") + "\n";

const lines = [];
// The short form of the file: 20,000 rules that match anything and approve (24 bytes each).
const r20k = await load(createDouble(), ["version: 1", "name: big", "rules:", ...Array.from({ length: 20_000 }, () => "  - {when: {}, then: {}}")].join("\n") + "\n");
lines.push(`20,000 rules (${r20k.kb} KB) loaded            ${r20k.ms} ms  (${r20k.status})`);
const typo = await load(createDouble(), `version: 1\nname: typo\nrules:\n  - { when: { operation: ${"createTransactio".repeat(60_000)} }, then: { approve: true } }\n`);
lines.push(`938 KB misspelled operation               ${typo.ms} ms  (${typo.status})`);
const path = await load(createDouble(), `version: 1\nname: path\nrules:\n  - { when: { operation: createTransaction, body: { ${"payment_methd.".repeat(64_000)}x: 1 } }, then: { approve: true } }\n`);
lines.push(`900 KB body path                          ${path.ms} ms  (${path.status})`);
const events = await load(createDouble(), rules(2_000, () => "{ operation: createTransaction }").replaceAll("then: { approve: true }", `then: { schedule: [{ event: ${"ach_retrun".repeat(40)} }] }`));
lines.push(`2,000 bad event names (${events.kb} KB)          ${events.ms} ms  (${events.status})`);

async function measure(double) {
  const times = [];
  for (let i = 0; i < REQUESTS; i++) {
    const t = process.hrtime.bigint();
    await (await double.app.request("/v1/transactions", { method: "POST", headers: MERCHANT, body: sale })).text();
    times.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)].toFixed(2), p99: times[Math.floor(times.length * 0.99)].toFixed(2) };
}
// 9,000 `matches` rules of another operation (the shape of a large suite's file): a createTransaction
// request should not pay for them.
const many = {
  version: 1,
  name: "many",
  rules: Array.from({ length: 9000 }, (_, i) => ({ when: { operation: "createClient", body: { dba: { matches: `^Zz${i}(\\d+)$` } } }, then: { fail: { status: 500, error: "SYSTEM_ERROR" } } })),
};
// The same on the request's own operation: every rule is tried (unanchored, so RE2 runs each time).
const own = {
  version: 1,
  name: "own",
  rules: Array.from({ length: 9000 }, (_, i) => ({ when: { operation: "createTransaction", body: { "payment_method.first_name": { matches: `Zz${i}_(\\d+)$` } } }, then: { fail: { status: 500, error: "SYSTEM_ERROR" } } })),
};
// 20,000 rules given as an object, every one after the first shadowed by it (a warning each).
const shadowed = { version: 1, name: "shadowed", rules: Array.from({ length: 20_000 }, () => ({ when: { operation: "createTransaction", body: { amount: { gte: 1 } } }, then: { approve: true } })) };
let c = process.cpuUsage();
createDouble({ scenarios: [shadowed] });
lines.push(`20,000 shadowed rules given to createDouble ${cpuMs(c)} ms`);
const base = createDouble({ journalLimit: 100 });
const withRules = createDouble({ journalLimit: 100, scenarios: [many] });
c = process.cpuUsage();
const withOwn = createDouble({ journalLimit: 100, scenarios: [own] });
lines.push(`9,000 matches rules given to createDouble  ${cpuMs(c)} ms`);
for (const d of [base, withRules, withOwn]) await measure(d);
const b = await measure(base);
const m = await measure(withRules);
const o = await measure(withOwn);
lines.push(`POST /v1/transactions, ${REQUESTS} requests each (ms):`);
lines.push(`  no extra rules (baseline)               median ${b.median}  p99 ${b.p99}`);
lines.push(`  9,000 matches rules of createClient     median ${m.median}  p99 ${m.p99}`);
lines.push(`  9,000 matches rules of createTransaction median ${o.median}  p99 ${o.p99}`);
console.log(lines.join("\n"));
