import { expireToken, expirySubject, TOKEN_EXPIRE_EVENT } from "./payment-tokens/service.js";
import { runTimeline } from "./timeline.js";
import type { World } from "./world.js";
import { onAutoClose, onSettle } from "./batches/service.js";
import { onAchReturn, onTokenStatus, TOKEN_STATUS_EVENT } from "./transactions/effects.js";

/**
 * What each scheduled event kind does when the simulated clock reaches it. Services export the
 * handlers; this table names them, so the scheduler stays free of business rules.
 */
export type EventHandler = (world: World, payload: never) => void;

export const EVENT_HANDLERS: Record<string, EventHandler> = {
  [TOKEN_EXPIRE_EVENT]: expireToken as EventHandler,
  timeline: runTimeline as EventHandler,
  /** A batch's settlement time (Cardproc `settlement_time`, merchant zone) passed: it closes. */
  batch_auto_close: onAutoClose as EventHandler,
  /** A closed batch's settlement day came. */
  batch_settle: onSettle as EventHandler,
  /** An ACH return fell due (payload `{transactionId, code?, reason?}`); see `batches/follow-ups.ts`. */
  ach_return: onAchReturn as EventHandler,
  /** A scenario's `schedule: token_status` fell due (payload `{token, status}`). */
  [TOKEN_STATUS_EVENT]: onTokenStatus as EventHandler,
};

/**
 * The id shown for an event scheduled with a number for its subject (core/scheduler.ts `schedule`):
 * a vaulted card's expiry keeps its token's row, not the token's id string.
 */
export const EVENT_SUBJECTS: Record<string, (world: World, key: number) => string> = {
  [TOKEN_EXPIRE_EVENT]: expirySubject,
};
