import { GatewayError, invalidField, notFound } from "../../core/errors.js";
import { RowList } from "../../core/row-list.js";
import type { ClientScope } from "../auth.js";
import { cardExpired, sharedExpiry, type CardInput } from "../instruments.js";
import { canRead, indexUnder, listOwners, newestPage } from "../tenancy.js";
import type { World } from "../world.js";
import { canTransition, cardExpiresAt, type PaymentToken, type PaymentTokenStatus } from "./payment-token.js";
import type { CreatePaymentTokenInput, ListPaymentTokensQuery } from "./schema.js";
import { rowOf } from "./table.js";

/**
 * Payment token operations. A card token is `active` until its expiry month ends, when a scheduled
 * `payment_token_expire` event makes it `expired`. A bank-account token starts `active` (no
 * verification step unless a scenario forces one with {@link setTokenStatus}).
 */

/** The scheduled event that expires a card token. */
export const TOKEN_EXPIRE_EVENT = "payment_token_expire";

/** Initial status of a bank-account token (decisions table). */
export const BANK_TOKEN_INITIAL_STATUS: PaymentTokenStatus = "active";

/** The create's world-dependent rejection (an expired card), run before scenario matching too. */
export function checkPaymentTokenCreate(world: World, input: CreatePaymentTokenInput): void {
  const pm = input.payment_method;
  if (pm.type === "Card" && cardExpired(pm.expiry, world.clock.now())) {
    throw invalidField("payment_method.expiry", "the card has expired");
  }
}

export function createPaymentToken(world: World, scope: ClientScope, input: CreatePaymentTokenInput): PaymentToken {
  const pm = input.payment_method;
  const now = world.clock.now();
  checkPaymentTokenCreate(world, input);
  const fields: PaymentToken = {
    token: world.ids.next("PAYMENT_TOKEN"),
    client_id: scope.actor.id,
    type: pm.type === "Card" ? "card" : "ach",
    status: pm.type === "Card" ? "active" : BANK_TOKEN_INITIAL_STATUS,
    customer_id: input.customer_id ?? null,
    is_default: input.is_default ?? false,
    nickname: input.nickname ?? null,
    card: pm.type === "Card" ? vaulted(world, pm) : null,
    bank_account: pm.type === "ACH" ? pm : null,
    created_at: now,
  };
  if (fields.is_default) clearDefault(world, fields);
  const token = world.state.paymentTokens.add(fields);
  const row = rowOf(token);
  indexUnder(world.state.paymentTokensByClient, fields.client_id, row, () => new RowList());
  // The event keeps the token's row, as its subject and payload (no id string, no wrapper object:
  // one such event waits per vaulted card); it shows the token's id (gateway/events.ts). Permanent:
  // nothing cancels an expiry, so a cancel need not walk them (core/scheduler.ts).
  if (fields.card) world.scheduler.schedule(cardExpiresAt(fields.card.expiry), TOKEN_EXPIRE_EVENT, row, row, { permanent: true });
  return token;
}

/**
 * The card as the vault keeps it: without the security code (PCI DSS keeps none after authorization,
 * so a payment by token reports no CVV result) and with the shared expiry object (a vaulted card
 * lives as long as the world). A suite pays with a few test cards again and again, and every card
 * payment vaults its card: one frozen card (and card number string) per distinct card of the world
 * instead of a copy per payment (88 bytes of each). Only a card without contact or billing details
 * is shared (those are objects of their own); the table is the world's, so it goes with a reset.
 */
function vaulted(world: World, card: CardInput): CardInput {
  const plain = card.contact === undefined && card.billing_address === undefined;
  const shared = plain ? world.state.vaultedCards.find(card.pan, card) : undefined;
  if (shared) return shared;
  const { cvv: _dropped, ...kept } = card;
  kept.expiry = sharedExpiry(card.expiry);
  // Frozen only when shared: the token table keeps a frozen card once for every token of it
  // (payment-tokens/table.ts), so one past the vault's limit stays a token's own.
  if (plain && world.state.vaultedCards.hasRoom) world.state.vaultedCards.add(kept.pan, Object.freeze(kept));
  return kept;
}

/** One default per (client, customer): a new default (not stored yet) takes the flag from the others. */
function clearDefault(world: World, token: PaymentToken): void {
  for (const row of world.state.paymentTokensByClient.get(token.client_id) ?? []) {
    const other = world.state.paymentTokens.at(row);
    if (other.customer_id === token.customer_id) other.is_default = false;
  }
}

export function getPaymentToken(world: World, scope: ClientScope, value: string): PaymentToken {
  const t = world.state.paymentTokens.get(value);
  if (!t || !canRead(world, scope, t.client_id)) throw notFound("Payment token");
  return t;
}

export function listPaymentTokens(world: World, scope: ClientScope, q: ListPaymentTokensQuery) {
  const lists = listOwners(world, scope).map((owner) => world.state.paymentTokensByClient.get(owner) ?? []);
  const filtered = q.customer_id !== undefined || q.status !== undefined || q.type !== undefined;
  const keep = (t: PaymentToken) => (q.customer_id === undefined || t.customer_id === q.customer_id) && (q.status === undefined || t.status === q.status) && (q.type === undefined || t.type === q.type);
  return newestPage(lists, (row) => world.state.paymentTokens.at(row), (t) => t.token, q, filtered ? keep : undefined);
}

/**
 * Moves a token to `status` if its transition table allows it (for scenarios and the control API:
 * `verification_failed`, `inactive`, ...). Unknown token: 404; a move the table forbids: 400
 * `INVALID_ACTION`.
 */
export function setTokenStatus(world: World, value: string, status: PaymentTokenStatus): PaymentToken {
  const t = world.state.paymentTokens.get(value);
  if (!t) throw notFound("Payment token");
  if (!canTransition(t, status)) {
    throw new GatewayError("INVALID_ACTION", { message: `A ${t.type} token cannot go from ${t.status} to ${status}.` });
  }
  t.status = status;
  return t;
}

/** Event handler: the card's expiry month has ended (the payload is the token's row). Only an `active` token becomes `expired`. */
export function expireToken(world: World, row: number): void {
  const t = world.state.paymentTokens.at(row);
  if (t.status === "active") t.status = "expired";
}

/** The subject an expiry shows (`GET /_mock/clock`, the activity): the id of the token of row `row`. */
export function expirySubject(world: World, row: number): string {
  return world.state.paymentTokens.idOf(row);
}
