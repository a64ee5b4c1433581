import type { ReadonlyList } from "../core/chunked-list.js";
import type { ClientScope } from "./auth.js";
import { PAGE, type Page } from "./paging.js";
import type { World } from "./world.js";

/**
 * Who owns what, for the resources a client owns (integrations, payment tokens, users).
 *
 * - The actor (the caller, or the child a reseller acts as) owns what it creates.
 * - Reads by id: the actor's own, and, for a reseller calling without `X-Acting-As-Client-Id`, its
 *   direct children's too (decisions table: a parent can already read its children directly).
 * - Writes to an existing resource: the actor's own only; a reseller acts as the child.
 * Anything else is "not found", so another tenant's id looks exactly like a missing one.
 */

/** True when `scope` may read resources owned by `ownerId`. */
export function canRead(world: World, scope: ClientScope, ownerId: string): boolean {
  if (ownerId === scope.actor.id) return true;
  if (scope.actingAs === "child" || scope.actor.type !== "reseller") return false;
  return world.state.clients.get(ownerId)?.parent_id === scope.actor.id;
}

/** True when `scope` may change resources owned by `ownerId`. */
export function canWrite(scope: ClientScope, ownerId: string): boolean {
  return ownerId === scope.actor.id;
}

/** The owners whose resources a list shows: the actor, then (reseller, no header) its children. */
export function listOwners(world: World, scope: ClientScope): string[] {
  const { actor } = scope;
  if (scope.actingAs === "child" || actor.type !== "reseller") return [actor.id];
  return [actor.id, ...(world.state.childrenOf.get(actor.id) ?? [])];
}

/**
 * Appends `item` to the owner's list in a per-owner index, creating the list by `make` on first use
 * (a plain array, or a chunked list for an index that grows with every payment).
 */
export function indexUnder<T, L extends { push(item: T): void }>(index: Map<string, L>, ownerId: string, item: T, make: () => L): void {
  let list = index.get(ownerId);
  if (!list) index.set(ownerId, (list = make()));
  list.push(item);
}

/** Sorts newest first, ties by id, so lists never depend on Map order. */
export function newestFirst<T extends { created_at: number }>(rows: T[], id: (row: T) => string): T[] {
  return rows.sort((a, b) => b.created_at - a.created_at || (id(a) < id(b) ? 1 : id(a) > id(b) ? -1 : 0));
}

/** Reads a run of rows newest first from one owner's creation-ordered list of keys. */
interface NewestCursor<T> {
  head(): T | undefined;
  take(): T;
}

/**
 * Walks `keys` (ids, or rows of a table kept as columns; creation order, so `created_at` never
 * decreases: the clock only moves forward) from the end. Rows created in the same millisecond come
 * out by id, descending, as {@link newestFirst} orders them: only that run is sorted, never the
 * whole list.
 */
function newestCursor<T extends { created_at: number }, K>(keys: ReadonlyList<K>, get: (key: K) => T, idOf: (row: T) => string): NewestCursor<T> {
  let i = keys.length - 1;
  let run: T[] = [];
  let k = 0;
  const fill = () => {
    run = [];
    k = 0;
    if (i < 0) return;
    const at = get(keys.at(i)!).created_at;
    for (; i >= 0; i--) {
      const row = get(keys.at(i)!);
      if (row.created_at !== at) break;
      run.push(row);
    }
    if (run.length > 1) run.sort((a, b) => (idOf(a) < idOf(b) ? 1 : idOf(a) > idOf(b) ? -1 : 0));
  };
  return {
    head: () => (k === run.length ? (fill(), run[k]) : run[k]),
    take: () => run[k++],
  };
}

/**
 * One page, newest first (ties by id, descending: the order of {@link newestFirst}), from per-owner
 * lists of keys (ids, or rows: `get` reads either) kept in creation order: a merge from the lists'
 * ends that stops when the page is full, so the cost follows `offset + limit` (and the owner count),
 * not the rows held. `keep` filters; the `total` of a filtered page is a count over the owners' rows
 * (no sort, no copy).
 */
export function newestPage<T extends { created_at: number }, K = string>(
  lists: readonly ReadonlyList<K>[],
  get: (key: K) => T,
  idOf: (row: T) => string,
  q: { limit?: number; offset?: number },
  keep?: (row: T) => boolean,
): Page<T> {
  const limit = q.limit ?? PAGE.default;
  const offset = q.offset ?? 0;
  const cursors: NewestCursor<T>[] = [];
  for (const l of lists) if (l.length > 0) cursors.push(newestCursor(l, get, idOf));
  const rows: T[] = [];
  let matched = 0;
  while (rows.length < limit) {
    let pick: NewestCursor<T> | null = null;
    let best: T | undefined;
    for (const c of cursors) {
      const h = c.head();
      if (h && (!best || h.created_at > best.created_at || (h.created_at === best.created_at && idOf(h) > idOf(best)))) {
        pick = c;
        best = h;
      }
    }
    if (!pick) break;
    const row = pick.take();
    if (keep && !keep(row)) continue;
    if (matched++ >= offset) rows.push(row);
  }
  let total = 0;
  for (const l of lists) {
    if (!keep) total += l.length;
    else for (const key of l) if (keep(get(key))) total++;
  }
  return { rows, total, limit, offset };
}
