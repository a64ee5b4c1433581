import { written } from "../../core/shared-fields.js";
import type { PaymentToken } from "./payment-token.js";

/** The fields a token seldom sets: a customer, the default flag, a nickname, a bank account (ACH tokens). */
const SELDOM = ["customer_id", "is_default", "nickname", "bank_account"] as const;
type Seldom = Pick<PaymentToken, (typeof SELDOM)[number]>;

/** Where a token holds its seldom fields (core/shared-fields.ts). */
const SELDOM_FIELDS = Symbol("seldom fields");

/** Every seldom field at its default, shared and frozen. */
const DEFAULTS: Readonly<Seldom> = Object.freeze({ customer_id: null, is_default: false, nickname: null, bank_account: null });

/**
 * The object the vault keeps for a token: every card payment makes one, and a suite rarely names a
 * customer or a nickname; the four seldom fields sit in one shared object of defaults until one is
 * set (then in a copy of the token's own), as a stored payment's do (transactions/stored.ts). Read
 * and written as the plain object it was, through accessors on the prototype.
 */
class StoredToken implements PaymentToken {
  // The fields every token sets are typed by the interface below and assigned here.
  [SELDOM_FIELDS]: Seldom;

  constructor(t: PaymentToken) {
    this.token = t.token;
    this.client_id = t.client_id;
    this.type = t.type;
    this.status = t.status;
    this.card = t.card;
    this.created_at = t.created_at;
    const differs = t.customer_id !== null || t.is_default || t.nickname !== null || t.bank_account !== null;
    this[SELDOM_FIELDS] = differs ? { customer_id: t.customer_id, is_default: t.is_default, nickname: t.nickname, bank_account: t.bank_account } : DEFAULTS;
  }

  // The seldom fields, read from the shared defaults or the token's own copy (core/shared-fields.ts).
  get customer_id() { return this[SELDOM_FIELDS].customer_id; }
  set customer_id(v) { this[SELDOM_FIELDS] = written(this[SELDOM_FIELDS], "customer_id", v); }
  get is_default() { return this[SELDOM_FIELDS].is_default; }
  set is_default(v) { this[SELDOM_FIELDS] = written(this[SELDOM_FIELDS], "is_default", v); }
  get nickname() { return this[SELDOM_FIELDS].nickname; }
  set nickname(v) { this[SELDOM_FIELDS] = written(this[SELDOM_FIELDS], "nickname", v); }
  get bank_account() { return this[SELDOM_FIELDS].bank_account; }
  set bank_account(v) { this[SELDOM_FIELDS] = written(this[SELDOM_FIELDS], "bank_account", v); }
}

/** The types of the fields every token sets, assigned in the constructor. */
interface StoredToken extends PaymentToken {}

/** The stored form of a new token, from all its fields. */
export function storedToken(t: PaymentToken): PaymentToken {
  return new StoredToken(t);
}
