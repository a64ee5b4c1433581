// The cost of the trust steps on the request path (issue 21 items 5, 7, 8), beside the cost of a
// whole in-process request measured in the same run: the Host / cross-site check every request
// makes, and the card-number masking of a validated body. Run: npm run build && node bench/trust.mjs
import { createDouble } from "../dist/index.js";
import { hostRule, refusal } from "../dist/http/trust.js";
import { maskCardsDeep } from "../dist/core/mask.js";

const N = 200_000;
const time = (f, n = N) => {
  for (let i = 0; i < 1000; i++) f();
  const t = process.hrtime.bigint();
  for (let i = 0; i < n; i++) f();
  return Number(process.hrtime.bigint() - t) / n;
};

const rule = hostRule();
const headers = { host: "127.0.0.1:4242", "content-type": "application/json", "api-key": "k", "client-id": "c" };
const c = { env: { incoming: { headers } }, req: { header: () => undefined, url: "http://127.0.0.1:4242/v1/transactions" } };
const check = time(() => refusal(c, rule));
const sale = () => ({ type: "SALE", amount: 1000, payment_method: { type: "Card", entry_method: "ECOMMERCE", pan: "4242424242424242", expiry: { month: "12", year: "2030" }, cvv: "123", first_name: "Ada", last_name: "Lovelace" }, metadata: { order_id: "A-1001", note: "ordinary text" } });
const bodies = Array.from({ length: 1000 }, sale);
let k = 0;
const mask = time(() => maskCardsDeep(bodies[k++ % 1000]));

const d = createDouble();
const auth = { "Api-Key": "pk_live_01JDEM0MERCHANTKEY00000000", "Client-Id": "CLIENT-01JDEM0MERCHANT00000000000", "content-type": "application/json" };
const body = JSON.stringify(sale());
const R = 3000;
for (let i = 0; i < 300; i++) await (await d.app.request("/v1/transactions", { method: "POST", headers: auth, body })).text();
const t = process.hrtime.bigint();
for (let i = 0; i < R; i++) await (await d.app.request("/v1/transactions", { method: "POST", headers: auth, body })).text();
const request = Number(process.hrtime.bigint() - t) / R;

const pct = (ns) => ((ns / request) * 100).toFixed(2);
console.log(`Host + cross-site check: ${check.toFixed(0)} ns per request (${pct(check)}% of a POST /v1/transactions in process)`);
console.log(`card-number masking of a sale body: ${mask.toFixed(0)} ns (${pct(mask)}%)`);
console.log(`POST /v1/transactions in process: ${(request / 1000).toFixed(1)} µs`);
