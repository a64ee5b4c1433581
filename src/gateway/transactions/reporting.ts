import { GatewayError, invalidField } from "../../core/errors.js";
import type { ClientScope } from "../auth.js";
import { applySet } from "../../scenarios/apply.js";
import { getBatch } from "../batches/service.js";
import type { World } from "../world.js";
import type { ReadonlyList } from "../../core/chunked-list.js";
import { ledgerOf, pageOf, typeLists, walk, type Page } from "./ledger.js";
import { CARD_TYPES, FILTER_TYPES, toWire, type BatchTransactionsQuery, type ListTransactionsQuery } from "./schema.js";
import type { CardType, Transaction, TxType } from "./transaction.js";

/**
 * Reporting reads (spec "Operations referenced with few details") and how every read presents a
 * transaction, with the spec's quirks each behind its switch in `world.quirks`.
 */

/** Default and maximum page size of the transaction lists (the spec does not show them). */
export const TRANSACTION_PAGE = { default: 20, max: 100 } as const;

/** Which response a transaction is presented in. */
export type ReadKind = "created" | "by_id" | "list";

/** The wire form of `t` for one kind of response. */
export function present(world: World, t: Transaction, kind: ReadKind) {
  const q = world.quirks;
  // Named only where it hid something sent (not `card_type_unknown_on_create`, true of every card create: noise).
  if (kind === "by_id" && q.initiator_null_on_get && t.initiator !== null) world.noteQuirk("initiator_null_on_get");
  const wire = toWire(t, {
    dba: world.state.clients.get(t.client_id)?.dba ?? "",
    // "card_type is always UNKNOWN on a transaction create response (the processor does not report
    // it on authorization)": also on capture and cancel, which create a transaction too.
    cardType: kind === "created" && q.card_type_unknown_on_create ? "UNKNOWN" : t.card_type,
    // "GET /v1/transactions/{id}: initiator comes back null here whatever was sent."
    initiatorNull: kind === "by_id" && q.initiator_null_on_get,
    returnKeysAlways: !q.return_fields_absent,
  });
  // A rule's `set` shows on every read, not only on the response it shaped.
  return t.set ? applySet(wire, t.set) : wire;
}

/** A list page on the wire: `{data, limit, offset, has_more}` (README "List envelopes"). */
export function pageWire(world: World, page: TransactionPage) {
  return { data: page.rows.map((t) => present(world, t, "list")), limit: page.limit, offset: page.offset, has_more: page.has_more };
}


const list = (raw: string) => raw.split(",").map((s) => s.trim().toUpperCase()).filter((s) => s !== "");

/**
 * The `type` filter: "array, comma-separated, case-insensitive; accepts SALE, AUTH, PAYOUT, REFUND,
 * CANCEL; VOID returns a server error; PAYOUT is accepted and ignored, returning unfiltered rows".
 * Null means no type filtering.
 */
export function typeFilter(world: World, raw: string | undefined): TxType[] | null {
  if (raw === undefined) return null;
  const values = list(raw);
  if (values.includes("VOID") && world.quirks.type_filter_void_500) {
    world.noteQuirk("type_filter_void_500");
    throw new GatewayError("SYSTEM_ERROR", { message: "An internal error occurred while filtering by type." });
  }
  const bad = values.filter((v) => !(FILTER_TYPES as readonly string[]).includes(v));
  if (values.length === 0 || bad.length > 0) throw invalidField("type", `must be a comma list of ${FILTER_TYPES.join(", ")}`);
  if (values.includes("PAYOUT") && world.quirks.type_filter_payout_ignored) {
    world.noteQuirk("type_filter_payout_ignored");
    return null;
  }
  return [...new Set(values)] as TxType[];
}

/** The `card_type` list filter of `GET /v1/transactions` (and of the batch lists, quirk off). */
export function cardTypeList(raw: string | undefined): Set<CardType> | null {
  if (raw === undefined) return null;
  const values = list(raw);
  if (values.length === 0 || values.some((v) => !(CARD_TYPES as readonly string[]).includes(v))) {
    throw invalidField("card_type", "must be a comma list of CREDIT, DEBIT, UNKNOWN");
  }
  return new Set(values as CardType[]);
}

/**
 * `GET /v1/batches/transactions` `card_type`: "takes only DEBIT or CREDIT (single value, no list;
 * UNKNOWN returns 400; CREDIT also returns transactions of undetermined card type)".
 */
export function batchCardType(world: World, raw: string | undefined): Set<CardType> | null {
  if (raw === undefined || !world.quirks.batch_card_type_single) return cardTypeList(raw);
  const v = raw.trim().toUpperCase();
  if (v === "DEBIT") return new Set(["DEBIT"]);
  world.noteQuirk("batch_card_type_single");
  if (v === "CREDIT") return new Set(["CREDIT", "UNKNOWN"]);
  throw invalidField("card_type", "must be DEBIT or CREDIT (one value)");
}

export interface TransactionPage extends Page<Transaction> {
  limit: number;
  offset: number;
}

/** `GET /v1/transactions`: the actor's transactions, newest first by default. */
export function listTransactions(world: World, scope: ClientScope, q: ListTransactionsQuery): TransactionPage {
  const types = typeFilter(world, q.type);
  const cards = cardTypeList(q.card_type);
  const ledger = ledgerOf(world, scope.actor.id);
  const limit = q.limit ?? TRANSACTION_PAGE.default;
  const offset = q.offset ?? 0;
  const from = q.start_date === undefined ? undefined : Date.parse(q.start_date);
  const to = q.end_date === undefined ? undefined : Date.parse(q.end_date);
  const keep = cards ? (t: Transaction) => cards.has(t.card_type) : undefined;
  const order = q.sort_order ?? "desc";
  const lists = typeLists(ledger, types ?? undefined);
  if ((q.sort_by ?? "time_created") === "time_created") {
    return { ...walk(lists, { order, offset, limit, from, to, keep }), limit, offset };
  }
  // Sorting by amount needs every matching row of the client (cost: the client's rows, not the store).
  const all = walk(lists, { order: "asc", offset: 0, limit: Number.MAX_SAFE_INTEGER, from, to, keep }).rows;
  const sign = order === "asc" ? 1 : -1;
  all.sort((a, b) => sign * (a.amount - b.amount || a.seq - b.seq));
  return { rows: all.slice(offset, offset + limit), has_more: all.length > offset + limit, limit, offset };
}

/** `GET /v1/batches/transactions`: every batched transaction of the actor, newest first. */
export function listBatchedTransactions(world: World, scope: ClientScope, q: BatchTransactionsQuery): TransactionPage {
  return batchPage(world, ledgerOf(world, scope.actor.id).batched, q);
}

/** `GET /v1/batches/{id}/transactions`: one batch's members, newest first. */
export function listBatchMembers(world: World, scope: ClientScope, batchId: string, q: BatchTransactionsQuery): TransactionPage {
  return batchPage(world, getBatch(world, scope, batchId).transactions, q);
}

function batchPage(world: World, rows: ReadonlyList<Transaction>, q: BatchTransactionsQuery): TransactionPage {
  const cards = batchCardType(world, q.card_type);
  const limit = q.limit ?? TRANSACTION_PAGE.default;
  const offset = q.offset ?? 0;
  const keep = cards ? (t: Transaction) => cards.has(t.card_type) : undefined;
  return { ...pageOf(rows, { order: "desc", offset, limit, keep }), limit, offset };
}
