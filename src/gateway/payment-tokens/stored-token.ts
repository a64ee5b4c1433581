import { BitField, FREE_SHIFT, indexesOf, instantHour, joinInstant, withInstant } from "../../core/packed-fields.js";
import { written } from "../../core/shared-fields.js";
import { TOKEN_TRANSITIONS, type PaymentToken, type PaymentTokenStatus } from "./payment-token.js";

/** The fields a token seldom sets: a customer, the default flag, a nickname, a bank account (ACH tokens). */
const SELDOM = ["customer_id", "is_default", "nickname", "bank_account"] as const;
type Seldom = Pick<PaymentToken, (typeof SELDOM)[number]>;

/** Where a token holds its seldom fields (core/shared-fields.ts). */
const SELDOM_FIELDS = Symbol("seldom fields");

/** A token's kind and status, kept as indexes beside its creation instant (core/packed-fields.ts). */
const TYPES: readonly PaymentToken["type"][] = ["card", "ach"];
const TYPE_INDEX = indexesOf(TYPES);
const STATUSES = Object.keys(TOKEN_TRANSITIONS) as PaymentTokenStatus[];
const STATUS_INDEX = indexesOf(STATUSES);
const TYPE = new BitField(FREE_SHIFT, 1);
const STATUS = new BitField(FREE_SHIFT + 1, 3);

/** Every seldom field at its default, shared and frozen. */
const DEFAULTS: Readonly<Seldom> = Object.freeze({ customer_id: null, is_default: false, nickname: null, bank_account: null });

/**
 * The object the vault keeps for a token: every card payment makes one, and a suite rarely names a
 * customer or a nickname; the four seldom fields sit in one shared object of defaults until one is
 * set (then in a copy of the token's own), as a stored payment's do (transactions/stored.ts). Read
 * and written as the plain object it was, through accessors on the prototype. Its creation instant,
 * kind and status are two small integers (core/packed-fields.ts): the instant was a 16-byte box.
 */
class StoredToken implements PaymentToken {
  // The fields every token sets are typed by the interface below and assigned here.
  [SELDOM_FIELDS]: Seldom;
  /** The hour of `created_at` (or all of it: core/packed-fields.ts). */
  #createdHour: number;
  /** The rest of `created_at`, the kind and the status. */
  #bits: number;

  constructor(t: PaymentToken) {
    this.token = t.token;
    this.client_id = t.client_id;
    this.card = t.card;
    this.#createdHour = instantHour(t.created_at);
    this.#bits = STATUS.put(TYPE.put(withInstant(0, t.created_at), TYPE_INDEX[t.type]), STATUS_INDEX[t.status]);
    const differs = t.customer_id !== null || t.is_default || t.nickname !== null || t.bank_account !== null;
    this[SELDOM_FIELDS] = differs ? { customer_id: t.customer_id, is_default: t.is_default, nickname: t.nickname, bank_account: t.bank_account } : DEFAULTS;
  }

  get created_at(): number {
    return joinInstant(this.#createdHour, this.#bits);
  }

  set created_at(value: number) {
    this.#createdHour = instantHour(value);
    this.#bits = withInstant(this.#bits, value);
  }

  get type(): PaymentToken["type"] {
    return TYPES[TYPE.get(this.#bits)];
  }

  set type(value: PaymentToken["type"]) {
    this.#bits = TYPE.put(this.#bits, TYPE_INDEX[value]);
  }

  get status(): PaymentTokenStatus {
    return STATUSES[STATUS.get(this.#bits)];
  }

  set status(value: PaymentTokenStatus) {
    this.#bits = STATUS.put(this.#bits, STATUS_INDEX[value]);
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
