import type { ReadonlyList } from "../../core/chunked-list.js";
import type { Batch } from "../batches/batch.js";
import type { Processor } from "../integrations/integration.js";
import type { World } from "../world.js";
import { PaymentList } from "./payment-list.js";
import type { Transaction, TxType } from "./transaction.js";

/**
 * Per-client indexes (DESIGN "Speed and memory"): a filtered page walks only the client's own
 * lists, newest or oldest first, and stops when the page is full, so its cost follows the page and
 * not the store. Lists hold rows of the world's table (payment-list.ts) in creation order, which is
 * also time order (the clock never goes back), so a date range is two binary searches. A page of
 * every type merges the per-type lists by creation sequence (at most six): a list of all of them
 * besides cost 4 bytes a payment.
 */
export interface Ledger {
  byType: Partial<Record<TxType, PaymentList>>;
  /** Transactions in order of joining one of the client's batches. */
  batched: PaymentList;
  batches: Batch[];
  open: Partial<Record<Processor, Batch>>;
}

export function ledgerOf(world: World, clientId: string): Ledger {
  let l = world.state.ledgers.get(clientId);
  if (!l) {
    l = { byType: {}, batched: new PaymentList(world.state.transactions), batches: [], open: {} };
    world.state.ledgers.set(clientId, l);
  }
  return l;
}

/** Stores a new transaction (its fields, read once) and indexes it; returns the stored one. */
export function insertTransaction(world: World, fields: Transaction): Transaction {
  const t = world.state.transactions.add(fields);
  (ledgerOf(world, t.client_id).byType[t.type] ??= new PaymentList(world.state.transactions)).push(t);
  return t;
}

/** The client's lists of the given types (every type when none is given), to {@link walk} together. */
export function typeLists(l: Ledger, types?: readonly TxType[]): ReadonlyList<Transaction>[] {
  // A type the client never had adds no list: the walk merges only lists that hold payments.
  if (types) return types.map((ty) => l.byType[ty]).filter((list): list is PaymentList => list !== undefined);
  return Object.values(l.byType);
}

export interface Walk {
  /** Newest first (`desc`, the spec's default sort order) or oldest first. */
  order: "asc" | "desc";
  offset: number;
  limit: number;
  /** Inclusive lower and exclusive upper bound on `time_created` (ms). */
  from?: number;
  to?: number;
  keep?: (t: Transaction) => boolean;
}

export interface Page<T> {
  rows: T[];
  has_more: boolean;
}

/** First index whose `time_created` is >= `t` in a creation-ordered list. */
function lowerBound(list: ReadonlyList<Transaction>, t: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list.at(mid)!.time_created < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Takes one page from a row source (`next()` gives rows in page order, undefined at the end): skips
 * `offset` kept rows, takes `limit`, and looks one row further to answer `has_more`.
 */
function collect(next: () => Transaction | undefined, w: Pick<Walk, "offset" | "limit" | "keep">): Page<Transaction> {
  const rows: Transaction[] = [];
  let skipped = 0;
  for (let t = next(); t; t = next()) {
    if (w.keep && !w.keep(t)) continue;
    if (skipped < w.offset) skipped++;
    else if (rows.length === w.limit) return { rows, has_more: true };
    else rows.push(t);
  }
  return { rows, has_more: false };
}

/** One page over the k-way merge (by creation sequence) of creation-ordered lists. */
export function walk(lists: readonly ReadonlyList<Transaction>[], w: Walk): Page<Transaction> {
  const lo = lists.map((l) => (w.from === undefined ? 0 : lowerBound(l, w.from)));
  const hi = lists.map((l) => (w.to === undefined ? l.length : lowerBound(l, w.to)));
  const desc = w.order === "desc";
  const cur = desc ? hi.map((h) => h - 1) : [...lo];
  return collect(() => {
    let pick = -1;
    for (let i = 0; i < lists.length; i++) {
      if (desc ? cur[i] < lo[i] : cur[i] >= hi[i]) continue;
      if (pick < 0) pick = i;
      else {
        const a = lists[i].at(cur[i])!.seq;
        const b = lists[pick].at(cur[pick])!.seq;
        if (desc ? a > b : a < b) pick = i;
      }
    }
    if (pick < 0) return undefined;
    const t = lists[pick].at(cur[pick])!;
    cur[pick] += desc ? -1 : 1;
    return t;
  }, w);
}

/** A plain page of a list in its own order (batch members), filtered, newest first or not. */
export function pageOf(list: ReadonlyList<Transaction>, w: Omit<Walk, "from" | "to">): Page<Transaction> {
  const n = list.length;
  let k = 0;
  return collect(() => (k < n ? list.at(w.order === "desc" ? n - 1 - k++ : k++) : undefined), w);
}
