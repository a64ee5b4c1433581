import { MERCHANT, RESELLER, type Caller } from "./helpers.js";

/**
 * One scripted session that calls every `/v1` operation of the document, on its success path and
 * on the error paths a caller can reach with a request the document allows (a request the
 * document forbids never reaches the double through a contract proxy). It is run twice:
 * test/openapi-examples.test.ts records its answers as the document's examples, and
 * test/openapi-prism.test.ts drives it through a Prism validation proxy.
 */
export interface Call {
  op: string;
  /** The outcome's name: also the example's name in the document. */
  outcome: string;
  method: "GET" | "POST";
  path: string;
  query?: Record<string, string>;
  body?: unknown;
  as?: Caller;
  expect: number;
}

export interface Answer {
  status: number;
  body: any;
}

/** Sends a `/v1` call (through whatever is being tested). */
export type Send = (call: Call) => Promise<Answer>;
/** Sends a `/_mock` control call straight to the double (the contract proxy knows only `/v1`). */
export type Control = (method: "GET" | "POST", path: string, body?: unknown) => Promise<Answer>;

export const CARD = { type: "Card", entry_method: "ECOMMERCE", pan: "4242424242424242", expiry: { month: "12", year: "2030" }, cvv: "123", first_name: "Ada", last_name: "Lovelace" };
export const ACH = { type: "ACH", account_number: "000123456789", routing_number: "021000021", account_type: "checking", standard_entry_class: "PPD", first_name: "Grace", last_name: "Hopper" };
const WRONG_KEY = { id: MERCHANT.id, key: "pk_live_01JDEM0WRONGKEY000000000000" };
const NO_SUCH = (prefix: string) => `${prefix}-01JZZZZZZZZZZZZZZZZZZZZZZZ`;

/** Runs the session; every call must answer its expected status. Returns the calls made. */
export async function everyOperation(send: Send, control: Control): Promise<Call[]> {
  const made: Call[] = [];
  const go = async (call: Call) => {
    made.push(call);
    const r = await send(call);
    if (r.status !== call.expect) throw new Error(`${call.op} (${call.outcome}): expected ${call.expect}, got ${r.status} ${JSON.stringify(r.body)}`);
    return r.body;
  };

  // Clients
  const child = await go({ op: "createClient", outcome: "merchant created", method: "POST", path: "/v1/clients", as: RESELLER, expect: 200, body: { dba: "Corner Shop", type: "merchant", website: "corner.example.com", admin_contact_details: { first_name: "Ada", last_name: "Lovelace", email: "ada@corner.example.com", phone: "+14155550123", time_zone: "america/chicago" } } });
  await go({ op: "createClient", outcome: "a merchant may not create clients", method: "POST", path: "/v1/clients", expect: 403, body: { dba: "Nope", type: "merchant", admin_contact_details: { first_name: "A", last_name: "B", email: "a@example.com" } } });
  await go({ op: "listClients", outcome: "first page by dba", method: "GET", path: "/v1/clients", query: { Take: "2", SortColumn: "dba", SortOrder: "asc" }, as: RESELLER, expect: 200 });
  await go({ op: "listClients", outcome: "wrong api key", method: "GET", path: "/v1/clients", as: WRONG_KEY, expect: 401 });
  await go({ op: "getClient", outcome: "a child client", method: "GET", path: `/v1/clients/${child.id}`, as: RESELLER, expect: 200 });
  await go({ op: "getClient", outcome: "no such client", method: "GET", path: `/v1/clients/${NO_SUCH("CLIENT")}`, expect: 404 });
  await go({ op: "updateClient", outcome: "dba changed", method: "POST", path: `/v1/clients/${child.id}`, as: RESELLER, expect: 200, body: { dba: "Corner Shop 2" } });
  await go({ op: "updateClient", outcome: "no such client", method: "POST", path: `/v1/clients/${NO_SUCH("CLIENT")}`, as: RESELLER, expect: 404, body: { dba: "X" } });

  // Integrations (for the new child, so the demo merchant's own stay as they are)
  const ach = await go({ op: "createIntegration", outcome: "ACH integration", method: "POST", path: "/v1/integrations", as: RESELLER, expect: 200, body: { client: child.id, is_active: true, processor: "Achproc", integration_details: { client_id: "ach-client-1", client_secret: "example-secret" } } });
  await go({ op: "createIntegration", outcome: "not a client the caller may configure", method: "POST", path: "/v1/integrations", as: RESELLER, expect: 403, body: { client: NO_SUCH("CLIENT"), is_active: true, processor: "Achproc", integration_details: { client_id: "ach-client-1", client_secret: "example-secret" } } });
  await go({ op: "getIntegration", outcome: "secret masked", method: "GET", path: `/v1/integrations/${ach.id}`, as: RESELLER, expect: 200 });
  await go({ op: "getIntegration", outcome: "no such integration", method: "GET", path: `/v1/integrations/${NO_SUCH("INTEGRATION")}`, expect: 404 });
  const shop = { id: child.id, key: child.api_key };
  await go({ op: "updateIntegration", outcome: "deactivated", method: "POST", path: `/v1/integrations/${ach.id}`, as: shop, expect: 200, body: { is_active: false, processor: "Achproc", integration_details: { client_id: "ach-client-1", client_secret: "example-secret-2" } } });
  await go({ op: "updateIntegration", outcome: "no such integration", method: "POST", path: `/v1/integrations/${NO_SUCH("INTEGRATION")}`, expect: 404, body: { is_active: true, processor: "Achproc", integration_details: { client_id: "x", client_secret: "y" } } });
  await go({ op: "listIntegrations", outcome: "the demo merchant's", method: "GET", path: "/v1/integrations", expect: 200 });
  await go({ op: "listIntegrationSummary", outcome: "one client's", method: "GET", path: `/v1/integrations/summary/${child.id}`, as: RESELLER, expect: 200 });
  await go({ op: "listIntegrationSummary", outcome: "no such client", method: "GET", path: `/v1/integrations/summary/${NO_SUCH("CLIENT")}`, expect: 404 });

  // Payment tokens
  const token = await go({ op: "createPaymentToken", outcome: "card", method: "POST", path: "/v1/payment_tokens", expect: 200, body: { payment_method: { ...CARD, contact: { email: "ada@example.com" } }, customer_id: "cus-1", nickname: "work card", is_default: true } });
  await go({ op: "createPaymentToken", outcome: "bank account", method: "POST", path: "/v1/payment_tokens", expect: 200, body: { payment_method: ACH, customer_id: "cus-1" } });
  await go({ op: "getPaymentToken", outcome: "card token", method: "GET", path: `/v1/payment_tokens/${token.payment_token}`, expect: 200 });
  await go({ op: "getPaymentToken", outcome: "no such token", method: "GET", path: `/v1/payment_tokens/${NO_SUCH("PAYMENT_TOKEN")}`, expect: 404 });
  await go({ op: "listPaymentTokens", outcome: "one customer's", method: "GET", path: "/v1/payment_tokens", query: { customer_id: "cus-1", limit: "10" }, expect: 200 });

  // Users
  const user = await go({ op: "createUser", outcome: "user created", method: "POST", path: "/v1/users", expect: 200, body: { first_name: "Grace", last_name: "Hopper", email: "grace@shop.example.com" } });
  await go({ op: "createUser", outcome: "email already taken", method: "POST", path: "/v1/users", expect: 409, body: { first_name: "Grace", last_name: "Hopper", email: "grace@shop.example.com" } });
  await go({ op: "getUser", outcome: "one user", method: "GET", path: `/v1/users/${user.id}`, expect: 200 });
  await go({ op: "getUser", outcome: "no such user", method: "GET", path: `/v1/users/${NO_SUCH("USER")}`, expect: 404 });
  await go({ op: "listUsers", outcome: "first page", method: "GET", path: "/v1/users", query: { limit: "5" }, expect: 200 });
  await go({ op: "createMfaChallenge", outcome: "code sent", method: "POST", path: "/v1/mfa/challenges", expect: 200, body: { type: "2fa", email: "grace@shop.example.com" } });

  // Transactions
  const sale = await go({ op: "createTransaction", outcome: "card sale approved", method: "POST", path: "/v1/transactions", expect: 200, body: { type: "SALE", amount: 1500, tip: 200, payment_method: CARD, metadata: { order: "A-1" } } });
  const auth = await go({ op: "createTransaction", outcome: "card auth", method: "POST", path: "/v1/transactions", expect: 200, body: { type: "AUTH", amount: 2000, payment_method: CARD } });
  const voidable = await go({ op: "createTransaction", outcome: "card sale to void", method: "POST", path: "/v1/transactions", expect: 200, body: { type: "SALE", amount: 700, payment_method: CARD } });
  await go({ op: "createTransaction", outcome: "card declined", method: "POST", path: "/v1/transactions", expect: 200, body: { type: "SALE", amount: 1000, payment_method: { ...CARD, pan: "4000000000000002" } } });
  await go({ op: "createTransaction", outcome: "bank-account sale", method: "POST", path: "/v1/transactions", expect: 200, body: { type: "SALE", amount: 2500, payment_method: ACH } });
  await go({ op: "createTransaction", outcome: "payout", method: "POST", path: "/v1/transactions", expect: 200, body: { type: "PAYOUT", amount: 900, payment_method: ACH } });
  await go({ op: "createTransaction", outcome: "sale by token", method: "POST", path: "/v1/transactions", expect: 200, body: { type: "SALE", amount: 1200, payment_method: { type: "PaymentToken", payment_token: token.payment_token } } });
  await go({ op: "createTransaction", outcome: "tip above amount", method: "POST", path: "/v1/transactions", expect: 400, body: { type: "SALE", amount: 100, tip: 200, payment_method: CARD } });
  await go({ op: "createTransaction", outcome: "wrong api key", method: "POST", path: "/v1/transactions", as: WRONG_KEY, expect: 401, body: { type: "SALE", amount: 1000, payment_method: CARD } });
  await go({ op: "createTransaction", outcome: "gateway fault, nothing created", method: "POST", path: "/v1/transactions", expect: 500, body: { type: "SALE", amount: 1000, payment_method: { ...CARD, pan: "4000005000000001" } } });
  await go({ op: "createTransaction", outcome: "processor fault after approval", method: "POST", path: "/v1/transactions", expect: 502, body: { type: "SALE", amount: 1000, payment_method: { ...CARD, pan: "4000005020000007" } } });
  await go({ op: "getTransaction", outcome: "card sale", method: "GET", path: `/v1/transactions/${sale.id}`, expect: 200 });
  await go({ op: "getTransaction", outcome: "unknown id (quirk: 400, never 404)", method: "GET", path: `/v1/transactions/${NO_SUCH("TRANSACTION")}`, expect: 400 });
  await go({ op: "listTransactions", outcome: "card sales and auths", method: "GET", path: "/v1/transactions", query: { type: "SALE,AUTH", limit: "3", sort_by: "amount", sort_order: "desc" }, expect: 200 });
  await go({ op: "captureTransaction", outcome: "part captured", method: "POST", path: `/v1/transactions/${auth.id}/capture`, expect: 200, body: { amount: 1500 } });
  await go({ op: "captureTransaction", outcome: "already captured", method: "POST", path: `/v1/transactions/${auth.id}/capture`, expect: 409, body: {} });
  await go({ op: "cancelTransaction", outcome: "void before close", method: "POST", path: `/v1/transactions/${voidable.id}/cancel`, expect: 200, body: { type: "VOID" } });
  await go({ op: "cancelTransaction", outcome: "refund before settlement", method: "POST", path: `/v1/transactions/${sale.id}/cancel`, expect: 409, body: { type: "REFUND", amount: 500 } });

  // Batches: close the card batch, settle it, then refund
  const closed = await go({ op: "closeBatch", outcome: "card batches closed", method: "POST", path: "/v1/batches/close", expect: 200, body: { client_id: MERCHANT.id, processor: "Cardproc", batch_type: "card", created_at: "2026-03-02" } });
  await go({ op: "closeBatch", outcome: "no such batch", method: "POST", path: "/v1/batches/close", expect: 404, body: { client_id: MERCHANT.id, processor: "Cardproc", batch_type: "card", created_at: "2026-03-02", batch_id: NO_SUCH("BATCH") } });
  const batchId = closed.batches[0].id;
  await control("POST", `/_mock/batches/${batchId}/settle`);
  await go({ op: "cancelTransaction", outcome: "refund after settlement", method: "POST", path: `/v1/transactions/${sale.id}/cancel`, expect: 200, body: { type: "REFUND", amount: 500 } });
  await go({ op: "listBatches", outcome: "newest first", method: "GET", path: "/v1/batches", query: { take: "5" }, expect: 200 });
  await go({ op: "listBatchTransactions", outcome: "debit cards", method: "GET", path: "/v1/batches/transactions", query: { card_type: "DEBIT" }, expect: 200 });
  await go({ op: "getBatchTransactions", outcome: "one batch", method: "GET", path: `/v1/batches/${batchId}/transactions`, query: { limit: "5" }, expect: 200 });
  await go({ op: "getBatchTransactions", outcome: "no such batch", method: "GET", path: `/v1/batches/${NO_SUCH("BATCH")}/transactions`, expect: 404 });
  return made;
}
