import { addBusinessDays } from "../../core/calendar.js";
import { addDuration, type Duration } from "../../core/duration.js";
import { notFound } from "../../core/errors.js";
import type { Transaction } from "../transactions/transaction.js";
import type { World } from "../world.js";
import { indexUnder } from "../tenancy.js";

/**
 * Events that wait for something to happen to a transaction first: "an R01 return two business
 * days after settlement", "settle one day after the batch closes". They are held in
 * `state.followUps` until the transaction's batch closes or settles, then put on the scheduler.
 */
export interface FollowUp {
  /** A handler name of `events.ts` (`ach_return`, ...). */
  event: string;
  after: "batch_close" | "settlement";
  /** The lag: business days (Fed calendar) or an ISO 8601 duration; none = at that moment. */
  businessDays?: number;
  in?: Duration;
  payload: unknown;
}

/** Schedules `f.event` its lag after now, with the transaction as subject. */
export function scheduleFromNow(world: World, subject: string, f: Pick<FollowUp, "event" | "businessDays" | "in" | "payload">): void {
  const now = world.clock.now();
  const at = f.in ? addDuration(now, f.in) : addBusinessDays(now, f.businessDays ?? 0);
  world.scheduler.schedule(at, f.event, subject, f.payload);
}

function happened(world: World, t: Transaction, after: FollowUp["after"]): boolean {
  if (after === "settlement") return t.is_settled;
  const b = t.batch_id === null ? undefined : world.state.batches.get(t.batch_id);
  return b !== undefined && b.status !== "open";
}

/**
 * Schedules `f.event` its lag after the transaction's batch closes or it settles: counted from now
 * when that already happened, else held until it does.
 */
export function afterEvent(world: World, transactionId: string, f: FollowUp): void {
  const t = world.state.transactions.get(transactionId);
  if (!t) throw notFound("Transaction");
  if (happened(world, t, f.after)) return scheduleFromNow(world, transactionId, f);
  indexUnder(world.state.followUps, transactionId, f, () => []);
}

/** Shorthand: `f.event` its lag after the transaction settles. */
export function afterSettlement(world: World, transactionId: string, f: Omit<FollowUp, "after">): void {
  afterEvent(world, transactionId, { ...f, after: "settlement" });
}

/** Called by the batch code when `t`'s batch closed or `t` settled: schedules what waited for it. */
export function releaseFollowUps(world: World, t: Transaction, what: FollowUp["after"]): void {
  const list = world.state.followUps.get(t.id);
  if (!list) return;
  const due = list.filter((f) => f.after === what);
  if (due.length === 0) return;
  const rest = list.filter((f) => f.after !== what);
  if (rest.length > 0) world.state.followUps.set(t.id, rest);
  else world.state.followUps.delete(t.id);
  for (const f of due) scheduleFromNow(world, t.id, f);
}
