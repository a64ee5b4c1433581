import type { Context } from "hono";
import type { ReadonlyList } from "../core/chunked-list.js";
import { maskDeep, maskPath } from "../core/mask.js";
import { Watch } from "../gateway/activity.js";
import type { Host } from "../gateway/host.js";
import { typeLists, walk } from "../gateway/transactions/ledger.js";
import type { Transaction } from "../gateway/transactions/transaction.js";
import type { World } from "../gateway/world.js";
import type { AppEnv } from "./env.js";
import { searchOf } from "./changes.js";

/**
 * Feeds the world's activity log (gateway/activity.ts) from the pipeline: each successful control
 * write becomes a line of the inspector's timeline, placed where it arrived (before the events it
 * fired), with what it did to the payments its path names.
 */

const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);
/** Control writes that change nothing. */
const READ_ONLY = /^\/_mock\/scenarios\/explain$/;
/** A control body shown in the timeline is cut here (a scenario file can be long). */
const SHOWN_BODY = 160;

const TX_PATH = /^\/_mock\/transactions\/([^/]+)\//;
const BATCH_PATH = /^\/_mock\/batches\/([^/]+)\//;

export interface ControlArrival {
  slot: number;
  afterSeq: number;
  watch: Watch | null;
}

/** On arrival of a control write: its place in the timeline and a watch on the payments it names. */
export function controlArrival(world: World, method: string, localPath: string): ControlArrival | null {
  if (!MUTATING.has(method) || READ_ONLY.test(localPath)) return null;
  let watched: ReadonlyList<Transaction> = [];
  const tx = TX_PATH.exec(localPath);
  const batch = BATCH_PATH.exec(localPath);
  if (tx) watched = [world.state.transactions.get(decode(tx[1]))].filter((t): t is Transaction => !!t);
  else if (batch) watched = world.state.batches.get(decode(batch[1]))?.transactions ?? [];
  return { slot: world.activity.reserve(), afterSeq: world.journal.lastSeq, watch: watched.length ? new Watch(watched) : null };
}

/** Once answered: a successful control write joins the timeline of the world it acted on. */
export function controlDone(c: Context<AppEnv>, host: Host, world: World, localPath: string, arrived: ControlArrival, body: string | null): void {
  const status = c.res.status;
  if (status >= 400) return;
  const now = host.world(c.get("sandboxId")) ?? world;
  const title = `${c.req.method} ${maskPath(localPath + searchOf(c.req.url))}${shownBody(body)}`;
  const item = { after_seq: now === world ? arrived.afterSeq : 0, at: now.clock.iso(), kind: "control" as const, title, status, effects: arrived.watch?.effects() ?? [] };
  // A reset replaced the world: the fresh one's timeline starts with it.
  if (now !== world) now.activity.add(item);
  else world.activity.add(item, arrived.slot);
}

/** After a `/v1` request answered with an error: the payments it created anyway (a 502 after create). */
export function createdDespiteError(world: World, clientId: string | null, sizeBefore: number, seq: number): void {
  const grown = world.state.transactions.size - sizeBefore;
  if (grown <= 0 || clientId === null) return;
  const ledger = world.state.ledgers.get(clientId);
  if (!ledger) return;
  // The client's newest `grown` payments, oldest first.
  const newest = walk(typeLists(ledger), { order: "desc", offset: 0, limit: grown }).rows.reverse();
  world.activity.created(newest.map((t) => t.id), seq);
}

function shownBody(body: string | null): string {
  if (body === null || body.trim() === "") return "";
  let text: string;
  try {
    text = JSON.stringify(maskDeep(JSON.parse(body)));
  } catch {
    text = String(maskDeep(body.replace(/\s+/g, " ")));
  }
  return ` ${text.length > SHOWN_BODY ? `${text.slice(0, SHOWN_BODY)}…` : text}`;
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
