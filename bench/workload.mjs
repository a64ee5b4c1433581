// The request mix of the benchmark. Every request names its `kind`, so the report can count
// statuses per kind; `setupRequest` fills ids learnt from earlier answers on the same connection.
export const RESELLER = { id: "CLIENT-01JR00TRESE11ER0000000000R", key: "pk_live_01JR00TRESE11ERKEY00000000" };
export const MERCHANT = { id: "CLIENT-01JDEM0MERCHANT00000000000", key: "pk_live_01JDEM0MERCHANTKEY00000000" };

const auth = (who) => ({ "api-key": who.key, "client-id": who.id, "content-type": "application/json" });
const json = (v) => JSON.stringify(v);

const card = { type: "Card", entry_method: "ECOMMERCE", pan: "4242424242424242", expiry: { month: "12", year: "2030" }, cvv: "123", first_name: "Ada", last_name: "Lovelace" };

/** The mixed workload of today's surface: client creates, reads and lists, plus token creates and reads. */
export const MIX = [
  {
    kind: "createClient",
    method: "POST",
    path: "/v1/clients",
    headers: auth(RESELLER),
    body: json({ dba: "Bench Shop", type: "merchant", admin_contact_details: { first_name: "Bea", last_name: "Bench", email: "bea@bench.example.com" } }),
    remember: (ctx, body) => (ctx.clientId = body.id),
  },
  { kind: "getClient", method: "GET", path: "/v1/clients/:id", headers: auth(RESELLER), fill: (ctx) => `/v1/clients/${ctx.clientId ?? MERCHANT.id}` },
  { kind: "listClients", method: "GET", path: "/v1/clients?Take=20", headers: auth(RESELLER) },
  {
    kind: "createPaymentToken",
    method: "POST",
    path: "/v1/payment_tokens",
    headers: auth(MERCHANT),
    body: json({ payment_method: card, customer_id: "bench-customer" }),
    remember: (ctx, body) => (ctx.token = body.payment_token),
  },
  { kind: "getPaymentToken", method: "GET", path: "/v1/payment_tokens/:token", headers: auth(MERCHANT), fill: (ctx) => `/v1/payment_tokens/${ctx.token ?? "PAYMENT_TOKEN-none"}` },
  { kind: "listPaymentTokens", method: "GET", path: "/v1/payment_tokens?limit=20", headers: auth(MERCHANT) },
  { kind: "listIntegrations", method: "GET", path: "/v1/integrations", headers: auth(MERCHANT) },
];

/**
 * The transaction mix, appended to MIX when the server registers the payment operations (load.mjs
 * probes `POST /v1/transactions` first): card SALE and AUTH, capture of that AUTH, void of that
 * SALE, a transaction list page, a batch list and a clock move (which fires due settlements).
 */
export const PAYMENT_MIX = [
  { kind: "createTransaction SALE", method: "POST", path: "/v1/transactions", headers: auth(MERCHANT), body: json({ type: "SALE", amount: 1000, payment_method: card }), remember: (ctx, body) => (ctx.saleId = body.id) },
  { kind: "createTransaction AUTH", method: "POST", path: "/v1/transactions", headers: auth(MERCHANT), body: json({ type: "AUTH", amount: 1500, payment_method: card }), remember: (ctx, body) => (ctx.authId = body.id) },
  { kind: "captureTransaction", method: "POST", path: "/v1/transactions/:id/capture", headers: auth(MERCHANT), body: json({}), fill: (ctx) => `/v1/transactions/${ctx.authId ?? "TRANSACTION-none"}/capture` },
  { kind: "cancelTransaction VOID", method: "POST", path: "/v1/transactions/:id/cancel", headers: auth(MERCHANT), body: json({ type: "VOID" }), fill: (ctx) => `/v1/transactions/${ctx.saleId ?? "TRANSACTION-none"}/cancel` },
  { kind: "listTransactions", method: "GET", path: "/v1/transactions?limit=20", headers: auth(MERCHANT) },
  { kind: "listBatches", method: "GET", path: "/v1/batches", headers: auth(MERCHANT) },
  { kind: "clock advance", method: "POST", path: "/_mock/clock/advance", headers: { "content-type": "application/json" }, body: json({ by: "PT1M" }) },
];

/** The create-transaction-only phase (the target: at least 50% of the bare Hono figure). */
export const TRANSACTION_CREATES = PAYMENT_MIX.filter((r) => r.kind === "createTransaction SALE");

/** A write-path-only workload: the create that stores the most per request today. */
export const CREATES = MIX.filter((r) => r.kind === "createPaymentToken");

/** Reads only: they store nothing but journal entries (a bounded ring), so the heap must not grow. */
export const READS = [
  { kind: "getClient", method: "GET", path: `/v1/clients/${MERCHANT.id}`, headers: auth(RESELLER) },
  { kind: "listIntegrations", method: "GET", path: "/v1/integrations", headers: auth(MERCHANT) },
  { kind: "getIntegration", method: "GET", path: "/v1/integrations/INTEGRATION-01JDEM0CARDPR0C00000000000", headers: auth(MERCHANT) },
];

/** The baseline: one trivial JSON POST on a bare Hono app. */
export const BASELINE = [{ kind: "ping", method: "POST", path: "/v1/ping", headers: { "content-type": "application/json" }, body: json({ n: 1 }) }];
