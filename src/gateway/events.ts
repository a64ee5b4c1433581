import { runTimeline } from "./timeline.js";
import type { World } from "./world.js";

/**
 * What each scheduled event kind does when the simulated clock reaches it. Services export the
 * handlers; this table names them, so the scheduler stays free of business rules.
 */
export type EventHandler = (world: World, payload: never) => void;

export const EVENT_HANDLERS: Record<string, EventHandler> = {
  timeline: runTimeline as EventHandler,
};
