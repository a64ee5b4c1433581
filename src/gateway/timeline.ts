import type { TimelineEntry } from "../scenarios/schema.js";
import { closeBatches, settleBatch } from "./batches/service.js";
import { setTokenStatus } from "./payment-tokens/service.js";
import type { World } from "./world.js";

/**
 * What a scenario's `timeline:` entries do when the simulated clock reaches them: the real batch
 * and token functions, over every client or only the entry's `client`.
 */
export interface TimelinePayload {
  /** The scenario that scheduled the entry (so unloading it can cancel what is still pending). */
  scenario: string;
  entry: TimelineEntry;
}

const forClient = (entry: TimelineEntry) => (clientId: string) => entry.client === undefined || entry.client === clientId;

/** The clients with an open batch, in id order (a timeline close acts on each). */
function clientsWithOpenBatches(world: World, entry: TimelineEntry): string[] {
  const ids = new Set<string>();
  for (const b of world.state.batches.values()) if (b.status === "open") ids.add(b.client_id);
  return [...ids].filter(forClient(entry)).sort();
}

export const TIMELINE_HANDLERS: Record<TimelineEntry["do"], (world: World, entry: TimelineEntry) => void> = {
  /** The close call without `batch_id`, for every client with an open batch (or the entry's client). */
  close_batches: (world, entry) => {
    for (const id of clientsWithOpenBatches(world, entry)) closeBatches(world, id);
  },
  /** Every closed batch settles now, whatever its settlement day (creation order). */
  settle_batches: (world, entry) => {
    const keep = forClient(entry);
    for (const b of [...world.state.batches.values()]) if (b.status === "closed" && keep(b.client_id)) settleBatch(world, b.id);
  },
  /** Every active card token becomes `expired` now (a "the stored cards ran out" drill). */
  expire_tokens: (world, entry) => {
    const keep = forClient(entry);
    for (const t of world.state.paymentTokens.values()) if (t.type === "card" && t.status === "active" && keep(t.client_id)) setTokenStatus(world, t.token, "expired");
  },
};

/** The `timeline` event handler: runs the entry's action. */
export function runTimeline(world: World, payload: TimelinePayload): void {
  TIMELINE_HANDLERS[payload.entry.do](world, payload.entry);
}
