import type { TimelineEntry } from "../scenarios/schema.js";
import type { World } from "./world.js";

/**
 * What a scenario's `timeline:` entries do when the simulated clock reaches them. The batches and
 * tokens code registers its actions here (`close_batches`, `settle_batches`, `expire_tokens`); an
 * action with no handler yet does nothing, so a timeline file validates and loads before it exists.
 */
export interface TimelinePayload {
  /** The scenario that scheduled the entry (so unloading it can cancel what is still pending). */
  scenario: string;
  entry: TimelineEntry;
}

export const TIMELINE_HANDLERS: Partial<Record<TimelineEntry["do"], (world: World, entry: TimelineEntry) => void>> = {};

/** The `timeline` event handler: runs the entry's action. */
export function runTimeline(world: World, payload: TimelinePayload): void {
  TIMELINE_HANDLERS[payload.entry.do]?.(world, payload.entry);
}
