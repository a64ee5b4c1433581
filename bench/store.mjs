// Store benchmark: fills one world with 1,000,000 transactions through the create service and
// prints the memory used (heap and typed arrays) and the time of a filtered list page at 1,000 vs 1,000,000 stored.
// Run against the compiled code: `npm run build && node --expose-gc bench/store.mjs [count]`.
import { performance } from "node:perf_hooks";
import { createDouble } from "../dist/index.js";
import { createTransaction } from "../dist/gateway/transactions/service.js";
import { listTransactions } from "../dist/gateway/transactions/reporting.js";

const TOTAL = Number(process.argv[2] ?? 1_000_000);
const MERCHANT = { id: "CLIENT-01JDEM0MERCHANT00000000000", key: "pk_live_01JDEM0MERCHANTKEY00000000" };

const double = createDouble({ seed: "bench", tick: "PT0S" });
const world = double.host.root;
const merchant = world.state.clients.get(MERCHANT.id);
const scope = { caller: merchant, actor: merchant, actingAs: "none" };

const card = { type: "Card", entry_method: "ECOMMERCE", pan: "4242424242424242", expiry: { month: "12", year: "2030" }, cvv: "123", first_name: "Ada", last_name: "Lovelace" };
const ach = { type: "ACH", account_number: "000123456789", routing_number: "021000021", account_type: "checking", standard_entry_class: "PPD", first_name: "Grace", last_name: "Hopper" };
const first = createTransaction(world, scope, { type: "SALE", amount: 1000, payment_method: card });
const token = { type: "PaymentToken", payment_token: first.method.payment_token };

/** A realistic mix: new cards (tokenized), token SALEs and AUTHs, ACH debits and payouts. */
function input(i) {
  switch (i % 10) {
    case 0: case 1: case 2: case 3: return { type: "SALE", amount: 50 + (i % 5000), tip: i % 3 === 0 ? 100 : 0, payment_method: card, metadata: i % 7 === 0 ? { order: `O-${i}` } : undefined };
    case 4: case 5: return { type: "SALE", amount: 1200, payment_method: token, initiator: "CUSTOMER" };
    case 6: return { type: "AUTH", amount: 3000, payment_method: token };
    case 7: case 8: return { type: "SALE", amount: 2500, payment_method: ach };
    default: return { type: "PAYOUT", amount: 900, payment_method: ach };
  }
}

/**
 * What the built-in magic values give a test card over HTTP (4242... reads back as CREDIT); the
 * service alone, without the pipeline's match, would leave every row UNKNOWN and the CREDIT page
 * below would scan the whole store for rows that do not exist.
 */
const READ_BACK_CREDIT = { label: "builtin/test cards read back as CREDIT", outcome: { approve: true, card_type: "CREDIT" }, readBack: true };

let stored = 1;
function fill(to) {
  for (; stored < to; stored++) {
    world.advanceTo(world.clock.now() + 1);
    const i = input(stored);
    createTransaction(world, scope, i, i.payment_method === card ? READ_BACK_CREDIT : null);
  }
}

/** The heap and the typed arrays' backing stores (the store's columns live there, outside the heap). */
function used() {
  globalThis.gc?.();
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
}
const heapMb = () => (used() / 1048576).toFixed(1);

const QUERIES = {
  "newest page (limit 20)": { limit: 20 },
  "type=AUTH,CANCEL page (limit 20)": { type: "AUTH,CANCEL", limit: 20 },
  "card_type=CREDIT, offset 200": { card_type: "CREDIT", limit: 20, offset: 200 },
  "date range (last 10 s), limit 50": () => ({ start_date: new Date(world.clock.now() - 10_000).toISOString(), limit: 50 }),
};

/** Median over 7 rounds of the mean time per call (the machine is shared: medians resist noise). */
async function median(runs, fn) {
  const rounds = [];
  for (let r = 0; r < 7; r++) {
    const t0 = performance.now();
    for (let i = 0; i < runs; i++) await fn();
    rounds.push(((performance.now() - t0) / runs) * 1000);
  }
  rounds.sort((a, b) => a - b);
  return `${rounds[3].toFixed(1)} µs`;
}

async function measure(label) {
  const out = {};
  for (const [name, q] of Object.entries(QUERIES)) {
    const query = typeof q === "function" ? q() : q;
    for (let i = 0; i < 200; i++) listTransactions(world, scope, query);
    out[name] = await median(500, () => listTransactions(world, scope, query));
  }
  const qs = "type=sale&card_type=CREDIT&limit=20";
  const headers = { "Api-Key": MERCHANT.key, "Client-Id": MERCHANT.id };
  for (let i = 0; i < 50; i++) await double.app.request(`/v1/transactions?${qs}`, { headers });
  out[`HTTP GET /v1/transactions?${qs}`] = await median(100, async () => (await double.app.request(`/v1/transactions?${qs}`, { headers })).text());
  // Card payments vault their card: the token list holds ~40% of the transactions count.
  for (const path of ["/v1/payment_tokens?limit=20", "/v1/payment_tokens?limit=20&offset=100"]) {
    for (let i = 0; i < 50; i++) await double.app.request(path, { headers });
    out[`HTTP GET ${path}`] = await median(100, async () => (await double.app.request(path, { headers })).text());
  }
  // A batch close walks its own batch and what it cancels, not the world's pending token expiries.
  const json = { ...headers, "content-type": "application/json" };
  const sale = JSON.stringify({ type: "SALE", amount: 1500, payment_method: { type: "Card", entry_method: "ECOMMERCE", pan: "4242424242424242", expiry: { month: "12", year: "2030" } } });
  const close = JSON.stringify({ client_id: MERCHANT.id, processor: "Cardproc", batch_type: "card", created_at: "bench" });
  const post = async (path, body) => (await double.app.request(path, { method: "POST", headers: json, body })).text();
  await post("/v1/batches/close", close); // the batch the fill left open
  out["HTTP POST a card SALE, then /v1/batches/close (a batch of one)"] = await median(20, async () => {
    await post("/v1/transactions", sale);
    await post("/v1/batches/close", close);
  });
  console.log(`\n${label}: ${world.state.transactions.size.toLocaleString("en-US")} transactions, ${world.state.paymentTokens.size.toLocaleString("en-US")} tokens, heap and typed arrays ${heapMb()} MB`);
  console.table(out);
}

const base = heapMb();
console.log(`empty world: heap and typed arrays ${base} MB`);
fill(1000);
await measure("at 1,000 stored");
const t0 = performance.now();
fill(TOTAL);
const fillS = ((performance.now() - t0) / 1000).toFixed(1);
await measure(`at ${TOTAL.toLocaleString("en-US")} stored (filled in ${fillS} s)`);
const perTx = ((used() - Number(base) * 1048576) / world.state.transactions.size).toFixed(0);
console.log(`\n~${perTx} bytes of heap and typed arrays per stored transaction (tokens, batch and indexes included)`);
