import { f64Column, i32Column, Interned, u8Column } from "../../core/columns.js";
import { IdTable } from "../../core/id-table.js";
import { indexesOf } from "../../core/packed-fields.js";
import { written } from "../../core/shared-fields.js";
import type { BankAccountInput, CardInput } from "../instruments.js";
import { TOKEN_TRANSITIONS, type PaymentToken, type PaymentTokenStatus } from "./payment-token.js";

/** The fields a token seldom sets: a customer, the default flag, a nickname, a bank account (ACH tokens). */
type Seldom = Pick<PaymentToken, "customer_id" | "is_default" | "nickname" | "bank_account">;

/** Every seldom field at its default, shared and frozen: a row with no entry of its own reads these. */
const DEFAULTS: Readonly<Seldom> = Object.freeze({ customer_id: null, is_default: false, nickname: null, bank_account: null });

/** A token's kind and status, each kept as its index in these lists (one byte a row). */
const TYPES: readonly PaymentToken["type"][] = ["card", "ach"];
const TYPE_INDEX = indexesOf(TYPES);
const STATUSES = Object.keys(TOKEN_TRANSITIONS) as PaymentTokenStatus[];
const STATUS_INDEX = indexesOf(STATUSES);

/** The card column's marks: no card (a bank-account token), or a card of the row's own in {@link Columns.ownCards}. */
const NO_CARD = -1;
const OWN_CARD = -2;

/** The index of `name` in `indexes`; a name outside the list is a bug, never a silent 0. */
function indexIn(indexes: Readonly<Record<string, number>>, name: string): number {
  const i = indexes[name];
  if (i === undefined) throw new RangeError(`no such token type or status: ${name}`);
  return i;
}

/** The columns of a {@link TokenTable}, one slot per row; read and written by the table and its views alone. */
class Columns {
  readonly ids = new IdTable("PAYMENT_TOKEN-");
  readonly client = i32Column();
  /** The index of a shared card, {@link NO_CARD} or {@link OWN_CARD}. */
  readonly card = i32Column();
  readonly created = f64Column();
  readonly type = u8Column();
  readonly status = u8Column();
  readonly clients = new Interned<string>();
  /** The vault's shared cards (frozen: payment-tokens/service.ts `vaulted`), a few per world. */
  readonly cards = new Interned<CardInput>();
  /** Cards no other token shares (one with contact or billing details, or past the vault's limit). */
  readonly ownCards = new Map<number, CardInput>();
  /** Rows whose seldom fields are not all at their defaults. */
  readonly seldom = new Map<number, Seldom>();
}

/**
 * A world's payment tokens, one row each, in columns: no object per token. Every card SALE vaults
 * its card, and a stored token was an object of 72 bytes, its id string of 56 and that string's
 * entry in a `Map`, the string kept by the client's list and the card's expiry event too; its row
 * here is 18 bytes of columns and the id's 20 (core/id-table.ts) with 8 to 16 of look-up, typed
 * arrays (in chunks: core/columns.ts) the garbage collector never walks, and the client's list and
 * the expiry event keep the row's number (heap snapshots around 50,000 card SALEs: 170 bytes of
 * heap fewer a SALE). Rows are read and written through
 * a view made per read ({@link TokenRow}) with the fields of {@link PaymentToken}, so services read
 * and write a token as the plain object it was; two reads of one token are two views of the same
 * row (never compare them with `===`). Rows are never removed.
 */
export class TokenTable {
  readonly #c = new Columns();

  get size(): number {
    return this.#c.ids.size;
  }

  /** Stores a new token (its id not held yet) and returns its view. */
  add(t: PaymentToken): PaymentToken {
    const c = this.#c;
    const row = c.ids.size;
    const type = indexIn(TYPE_INDEX, t.type);
    const status = indexIn(STATUS_INDEX, t.status);
    c.ids.add(t.token);
    c.client.set(row, c.clients.indexOf(t.client_id));
    c.created.set(row, t.created_at);
    c.type.set(row, type);
    c.status.set(row, status);
    // Frozen means shared (core/shared-fields.ts): only the vault's own cards are frozen.
    if (t.card === null) c.card.set(row, NO_CARD);
    else if (Object.isFrozen(t.card)) c.card.set(row, c.cards.indexOf(t.card));
    else {
      c.card.set(row, OWN_CARD);
      c.ownCards.set(row, t.card);
    }
    if (t.customer_id !== null || t.is_default || t.nickname !== null || t.bank_account !== null) {
      c.seldom.set(row, { customer_id: t.customer_id, is_default: t.is_default, nickname: t.nickname, bank_account: t.bank_account });
    }
    return new TokenRow(c, row, t.token);
  }

  /** The token of `id`, or undefined. */
  get(id: string): PaymentToken | undefined {
    const row = this.#c.ids.rowOf(id);
    return row < 0 ? undefined : new TokenRow(this.#c, row);
  }

  /** The token of row `row` (0 to size - 1). */
  at(row: number): PaymentToken {
    if (!(row >= 0 && row < this.size)) throw new RangeError(`no token at row ${row} of ${this.size}`);
    return new TokenRow(this.#c, row);
  }

  /** The id of row `row` (0 to size - 1), a new string each call. */
  idOf(row: number): string {
    return this.#c.ids.idOf(row);
  }

  /** Every token, in creation order. */
  *values(): IterableIterator<PaymentToken> {
    for (let row = 0; row < this.size; row++) yield new TokenRow(this.#c, row);
  }
}

/** The row a token read from a {@link TokenTable} stands for (throws for an object that is no such view). */
export function rowOf(t: PaymentToken): number {
  return TokenRow.rowOf(t);
}

/**
 * A token as services read and write it: a view of one row, made per read and let go after, every
 * field an accessor on the prototype. A field no service writes once the token is made (its id,
 * client, kind, card, creation instant) has no setter: a write throws (strict mode) instead of
 * being lost.
 *
 * The accessors are written out one per field: closures made in a loop share their inline caches
 * (core/shared-fields.ts).
 */
class TokenRow implements PaymentToken {
  readonly #c: Columns;
  readonly #row: number;
  /** The id once read (a page sorts a millisecond's tokens by id, reading it again and again). */
  #token: string | undefined;

  /** `token`: the row's id when the caller holds it already (a new token's), not decoded again. */
  constructor(columns: Columns, row: number, token?: string) {
    this.#c = columns;
    this.#row = row;
    this.#token = token;
  }

  static rowOf(t: PaymentToken): number {
    return (t as TokenRow).#row;
  }

  get token(): string { return (this.#token ??= this.#c.ids.idOf(this.#row)); }
  get client_id(): string { return this.#c.clients.at(this.#c.client.get(this.#row))!; }
  get type(): PaymentToken["type"] { return TYPES[this.#c.type.get(this.#row)]!; }
  get status(): PaymentTokenStatus { return STATUSES[this.#c.status.get(this.#row)]!; }
  set status(v: PaymentTokenStatus) { this.#c.status.set(this.#row, indexIn(STATUS_INDEX, v)); }
  get created_at(): number { return this.#c.created.get(this.#row); }

  get card(): CardInput | null {
    const i = this.#c.card.get(this.#row);
    return i === NO_CARD ? null : i === OWN_CARD ? this.#c.ownCards.get(this.#row)! : this.#c.cards.at(i);
  }

  // The seldom fields, read from the shared defaults or the row's own entry (core/shared-fields.ts).
  get customer_id(): string | null { return this.#seldom().customer_id; }
  set customer_id(v: string | null) { this.#write(written(this.#seldom(), "customer_id", v)); }
  get is_default(): boolean { return this.#seldom().is_default; }
  set is_default(v: boolean) { this.#write(written(this.#seldom(), "is_default", v)); }
  get nickname(): string | null { return this.#seldom().nickname; }
  set nickname(v: string | null) { this.#write(written(this.#seldom(), "nickname", v)); }
  get bank_account(): BankAccountInput | null { return this.#seldom().bank_account; }
  set bank_account(v: BankAccountInput | null) { this.#write(written(this.#seldom(), "bank_account", v)); }

  #seldom(): Readonly<Seldom> {
    return this.#c.seldom.get(this.#row) ?? DEFAULTS;
  }

  /** Keeps the row's seldom fields after a write (the shared defaults need no entry). */
  #write(s: Readonly<Seldom>): void {
    if (s !== DEFAULTS) this.#c.seldom.set(this.#row, s);
  }
}
