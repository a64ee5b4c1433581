import type { ClientScope } from "./auth.js";
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

/** Appends `id` to the owner's index list. */
export function indexUnder(index: Map<string, string[]>, ownerId: string, id: string): void {
  const list = index.get(ownerId);
  if (list) list.push(id);
  else index.set(ownerId, [id]);
}

/** Sorts newest first, ties by id, so lists never depend on Map order. */
export function newestFirst<T extends { created_at: number }>(rows: T[], id: (row: T) => string): T[] {
  return rows.sort((a, b) => b.created_at - a.created_at || (id(a) < id(b) ? 1 : id(a) > id(b) ? -1 : 0));
}
