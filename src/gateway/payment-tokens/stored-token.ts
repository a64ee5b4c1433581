import { defineSharedFields } from "../../core/shared-fields.js";
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

  // The seldom fields, read from the shared defaults or the token's own copy, written to its own.
  static {
    defineSharedFields(this.prototype, SELDOM_FIELDS, SELDOM);
  }
}

/** The fields' types on the class: the seldom ones are the accessors of its static block. */
interface StoredToken extends PaymentToken {}

/** The stored form of a new token, from all its fields. */
export function storedToken(t: PaymentToken): PaymentToken {
  return new StoredToken(t);
}
