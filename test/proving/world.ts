import { OPERATIONS } from "../../src/gateway/operations.js";
import { MERCHANT, RESELLER, type Caller, type setup } from "../helpers.js";
import { cardMethod, otherMerchant } from "../resources-data.js";

type T = ReturnType<typeof setup>;

/** The fixture integrations of the demo merchant (fixtures/default.yaml). */
export const CARD_INTEGRATION = "INTEGRATION-01JDEM0CARDPR0C00000000000";
export const ACH_INTEGRATION = "INTEGRATION-01JDEM0ACHPR0C000000000000";

/** Ids of resources owned by the demo merchant, one real target for every by-id route. */
export interface Targets {
  client: string;
  integration: string;
  token: string;
  user: string;
  userEmail: string;
  /**
   * The merchant's resource for each path kind (`/v1/<kind>/:id`); `transactions` and `batches`
   * once the payment operations are registered.
   */
  byKind: Record<string, string>;
  /** Per matrix column, a fresh AUTH (to capture) and SALE (to void) of the merchant, when payments exist. */
  payments: Partial<Record<Column, { auth: string; sale: string }>>;
}

/** The isolation matrix's columns, in order. */
export const COLUMNS = ["own", "actingAsChild", "parentDirect", "sibling", "strangerActing", "unknownKey"] as const;
export type Column = (typeof COLUMNS)[number];

/** The callers of the isolation matrix, all aimed at the demo merchant's resources. */
export interface Callers extends Record<Column, Caller> {
  own: Caller;
  actingAsChild: Caller;
  parentDirect: Caller;
  sibling: Caller;
  strangerActing: Caller;
  unknownKey: Caller;
}

/**
 * Builds the world the proving suites aim at: a payment token and a user of the demo merchant, a
 * sibling merchant under the same reseller, and a second reseller (child of the fixture reseller)
 * that is not the demo merchant's parent.
 */
export async function provingWorld(t: T): Promise<{ targets: Targets; callers: Callers }> {
  const token = await t.post("/v1/payment_tokens", { payment_method: cardMethod(), customer_id: "cust-1" }, { as: MERCHANT });
  const userEmail = "owner@demo.example.com";
  const user = await t.post("/v1/users", { first_name: "Owen", last_name: "Owner", email: userEmail }, { as: MERCHANT });
  const sibling = await otherMerchant(t);
  const reseller2 = await t.post(
    "/v1/clients",
    { dba: "Second Reseller", type: "reseller", admin_contact_details: { first_name: "Rex", last_name: "Second", email: "rex@second.example.com" } },
    { as: RESELLER },
  );
  for (const r of [token, user, reseller2]) if (r.status !== 200) throw new Error(`proving world setup failed: ${r.text}`);
  const payments = await paymentTargets(t);
  return {
    targets: {
      client: MERCHANT.id,
      integration: CARD_INTEGRATION,
      token: token.body.payment_token,
      user: user.body.id,
      userEmail,
      byKind: { clients: MERCHANT.id, integrations: CARD_INTEGRATION, payment_tokens: token.body.payment_token, users: user.body.id, ...payments.byKind },
      payments: payments.perColumn,
    },
    callers: {
      own: MERCHANT,
      actingAsChild: { ...RESELLER, actingAs: MERCHANT.id },
      parentDirect: RESELLER,
      sibling,
      strangerActing: { id: reseller2.body.id, key: reseller2.body.api_key, actingAs: MERCHANT.id },
      unknownKey: { id: MERCHANT.id, key: "pk_live_01JXXXXXXXXXXXXXXXXXXXXXXX" },
    },
  };
}

/**
 * Card payments of the demo merchant, when the payment operations are registered (they land from
 * another branch): an AUTH and a SALE per matrix column, and the batch they opened.
 */
async function paymentTargets(t: T) {
  const perColumn: Targets["payments"] = {};
  if (!OPERATIONS.some((o) => o.id === "createTransaction")) return { perColumn, byKind: {} };
  for (const column of COLUMNS) {
    const [auth, sale] = [await t.post("/v1/transactions", { type: "AUTH", amount: 1500, payment_method: cardMethod() }), await t.post("/v1/transactions", { type: "SALE", amount: 1000, payment_method: cardMethod() })];
    if (auth.status !== 200 || sale.status !== 200) throw new Error(`proving world payments failed: ${auth.text} ${sale.text}`);
    perColumn[column] = { auth: auth.body.id, sale: sale.body.id };
  }
  const sale = perColumn.own!.sale;
  const batch = (await t.get(`/v1/transactions/${sale}`)).body?.batch_id as string | null;
  return { perColumn, byKind: { transactions: sale, ...(batch ? { batches: batch } : {}) } };
}

/**
 * The real value of a path parameter of `path`: the merchant's resource of the path's kind; the
 * integration summary and `:clientId` name the merchant itself.
 */
export function paramFor(path: string, t: Targets): (name: string) => string {
  const kind = path.split("/")[2];
  return (name) => (name === "clientId" || path.includes("/summary/") ? t.client : t.byKind[kind] ?? name);
}

/** Fills a hono path (`/v1/clients/:clientId`) with the given parameter values. */
export function fillPath(path: string, value: (param: string) => string): string {
  return path.replace(/:(\w+)/g, (_, p: string) => encodeURIComponent(value(p)));
}
