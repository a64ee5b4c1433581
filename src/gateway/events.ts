import { expireToken, TOKEN_EXPIRE_EVENT } from "./payment-tokens/service.js";
import { runTimeline } from "./timeline.js";
import type { World } from "./world.js";

/**
 * What each scheduled event kind does when the simulated clock reaches it. Services export the
 * handlers; this table names them, so the scheduler stays free of business rules.
 */
export type EventHandler = (world: World, payload: never) => void;

export const EVENT_HANDLERS: Record<string, EventHandler> = {
  [TOKEN_EXPIRE_EVENT]: expireToken as EventHandler,
  timeline: runTimeline as EventHandler,
};
