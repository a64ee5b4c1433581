import type { Transaction } from "./transactions/transaction.js";

/**
 * What happened to a world besides its `/v1` requests, for the inspector's timeline and payment
 * stories (`GET /_mock/activity`): control actions (scenario loads, clock moves, resets, the test
 * helpers), the scheduled events that fired with what each did to payments ("1 payment
 * REMOVED_FROM_BATCH"), and which failed request created a payment anyway (a 502 after create).
 *
 * Kept apart from the request journal on purpose: the journal (`GET /_mock/requests`, the replay
 * export) stays exactly what it was, so replays stay byte-identical. This log is deterministic too
 * (replay sends the same control calls and fires the same events), holds no wall time, and is
 * bounded like the journal (oldest dropped first).
 */

/** A payment an item changed, and how, in the words the wire uses (`REMOVED_FROM_BATCH`, `RETURNED R01`). */
export interface Effect {
  transaction_id: string;
  change: string;
}

export interface ActivityItem {
  /** Order of the items (gaps where a control call reserved a place and then failed). */
  id: number;
  /** The journal `seq` of the last `/v1` request before it: where it sits in the request timeline. */
  after_seq: number;
  /** Simulated instant. */
  at: string;
  kind: "control" | "event";
  /** One line: `POST /_mock/clock/advance {"by":"P1D"}`, or `batch_auto_close BATCH-…`. */
  title: string;
  /** The control call's answer status (events: null). */
  status: number | null;
  /** What it did to payments, one line each. */
  effects: Effect[];
  /** The same effects counted in words: `1 payment CLOSED, 1 payment REMOVED_FROM_BATCH`. */
  summary: string;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** The facts of a payment an event can change, as one comparable string. */
function facts(t: Transaction): string {
  return `${t.status}|${t.is_settled}|${t.returned_at}|${t.settlement_issue}`;
}

/** How a payment changed between two snapshots, in wire words. */
function change(t: Transaction, before: string): string | null {
  const [status, settled, returned] = before.split("|");
  const words: string[] = [];
  if (t.returned_at !== null && returned === "null") words.push(`RETURNED${t.return_code ? ` ${t.return_code}` : ""}${t.is_settled ? " after settlement" : " before settlement"}`);
  if (t.settlement_issue === "REMOVED_FROM_BATCH" && status !== "removed") words.push("REMOVED_FROM_BATCH");
  else if (t.is_settled && settled === "false") words.push("SETTLED");
  else if (t.status === "closed" && status === "pending") words.push("CLOSED (batch closed, settlement under way)");
  else if (t.status !== status && words.length === 0) words.push(`${status} → ${t.status}`);
  return words.length ? words.join(", ") : null;
}

/** Snapshot of some payments before something acts on them; {@link Watch.effects} says what changed. */
export class Watch {
  readonly #before = new Map<Transaction, string>();
  constructor(transactions: Iterable<Transaction>) {
    for (const t of transactions) this.#before.set(t, facts(t));
  }
  effects(): Effect[] {
    const out: Effect[] = [];
    for (const [t, before] of this.#before) {
      const c = facts(t) === before ? null : change(t, before);
      if (c) out.push({ transaction_id: t.id, change: c });
    }
    return out;
  }
}

/** `2 payments CLOSED, 1 payment REMOVED_FROM_BATCH` (the change's first word), or "" for none. */
export function summarize(effects: readonly Effect[]): string {
  const counts = new Map<string, number>();
  for (const e of effects) {
    const word = e.change.split(" (")[0];
    counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  return [...counts].map(([word, n]) => `${plural(n, "payment")} ${word}`).join(", ");
}

/** The bounded activity log of one world. */
export class Activity {
  #items: ActivityItem[] = [];
  #next = 1;
  /** Payment id -> the journal `seq` of the failed request that created it (a 502 after create). */
  readonly #createdBy = new Map<string, number>();

  constructor(readonly limit: number) {}

  /** Reserves the next place (a control call takes its place on arrival, before the events it fires). */
  reserve(): number {
    return this.#next++;
  }

  /** Adds an item at its reserved place (or the next one). */
  add(item: Omit<ActivityItem, "id" | "summary">, id = this.reserve()): ActivityItem {
    if (this.limit <= 0) return { ...item, id, summary: summarize(item.effects) };
    const full: ActivityItem = { ...item, id, summary: summarize(item.effects) };
    let i = this.#items.length;
    while (i > 0 && this.#items[i - 1].id > id) i--;
    this.#items.splice(i, 0, full);
    if (this.#items.length > this.limit) this.#items.splice(0, this.#items.length - this.limit);
    return full;
  }

  /** Items in order, optionally only those with an id greater than `after`. */
  items(after = 0): readonly ActivityItem[] {
    return after === 0 ? this.#items : this.#items.filter((i) => i.id > after);
  }

  /** Remembers that the failed request `seq` created these payments. */
  created(ids: readonly string[], seq: number): void {
    if (this.limit <= 0) return;
    for (const id of ids) this.#createdBy.set(id, seq);
    // Bounded like the items: the oldest links go first (a Map keeps insertion order).
    for (const k of this.#createdBy.keys()) {
      if (this.#createdBy.size <= this.limit) break;
      this.#createdBy.delete(k);
    }
  }

  /** The failed request that created a payment, if one did. */
  createdBy(transactionId: string): number | undefined {
    return this.#createdBy.get(transactionId);
  }

  /** Every payment a failed request created, as `[transaction id, seq]`. */
  createdLinks(): [string, number][] {
    return [...this.#createdBy];
  }
}
