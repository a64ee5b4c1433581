import type { ClientScope } from "../auth.js";
import type { World } from "../world.js";
import { ledgerOf, typeLists, walk } from "./ledger.js";
import type { CreateTransactionInput } from "./schema.js";
import type { RecurringIds, Transaction } from "./transaction.js";

/** The network id a read of `t` shows (a rule's `set` may have replaced it). */
function networkIdOf(t: Transaction): string | null {
  const set = t.set?.network_transaction_id;
  return set === undefined ? t.network_transaction_id : (set as string | null);
}

/**
 * `recurring_details` "includes initial_transaction_id and initial_network_transaction_id": the
 * gateway knows both from the first payment, whichever the subsequent one sent. A network id of an
 * agreement begun at another gateway names no payment here (`initial_transaction_id` null).
 */
export function initialIds(world: World, scope: ClientScope, rd: NonNullable<CreateTransactionInput["recurring_details"]>): RecurringIds {
  if (rd.initial_transaction_id) {
    const first = world.state.transactions.get(rd.initial_transaction_id)!; // checked by checkCreate
    return { initial_transaction_id: first.id, initial_network_transaction_id: rd.initial_network_transaction_id ?? networkIdOf(first) };
  }
  const network = rd.initial_network_transaction_id!; // one of the two ids is there (checkCreate)
  // Newest first, the client's own original payments only (a scan, paid only by this form of request).
  const keep = (t: Transaction) => t.ref === null && networkIdOf(t) === network;
  const [match] = walk(typeLists(ledgerOf(world, scope.actor.id)), { order: "desc", offset: 0, limit: 1, keep }).rows;
  return { initial_transaction_id: match?.id ?? null, initial_network_transaction_id: network };
}
