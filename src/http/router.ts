import type { Result, Router } from "hono/router";
import { TrieRouter } from "hono/router/trie-router";

/** Paths kept at most, and the longest path kept: the memo stays small whatever URLs arrive. */
const MEMO_ENTRIES = 256;
const MEMO_PATH_LENGTH = 256;

/**
 * hono's TrieRouter, remembering what it found for a path without parameters (`/v1/transactions`).
 *
 * Why: every request matches two handlers here (the pipeline's `*` and the route), and the trie
 * then searches, builds the match and sorts the two by registration on every request (about 2 KB
 * of garbage and 1.5% of a card SALE's CPU). hono's default, SmartRouter, would pick RegExpRouter,
 * which keeps such answers itself, but it refuses this app's routes (`/v1/integrations/summary/:id`
 * beside `/v1/integrations/:id`) and falls back to the trie, after building its expressions once
 * for nothing at the first request. A match is the same object every time for one path: hono only
 * reads it (params are read from it, never written). Adding a route forgets what was kept.
 */
export class MemoTrieRouter<T> implements Router<T> {
  readonly name = "MemoTrieRouter";
  readonly #trie = new TrieRouter<T>();
  readonly #memo = new Map<string, Map<string, Result<T>>>();
  #kept = 0;

  /** How many paths are kept now (at most {@link MEMO_ENTRIES}). */
  get size(): number {
    return this.#kept;
  }

  add(method: string, path: string, handler: T): void {
    this.#memo.clear();
    this.#kept = 0;
    this.#trie.add(method, path, handler);
  }

  match(method: string, path: string): Result<T> {
    const hit = this.#memo.get(method)?.get(path);
    if (hit) return hit;
    const found = this.#trie.match(method, path);
    if (path.length <= MEMO_PATH_LENGTH && withoutParams(found)) this.#keep(method, path, found);
    return found;
  }

  #keep(method: string, path: string, found: Result<T>): void {
    // Full (a crawler's distinct paths): start again, so the paths in use come back.
    if (this.#kept === MEMO_ENTRIES) {
      this.#memo.clear();
      this.#kept = 0;
    }
    let byPath = this.#memo.get(method);
    if (!byPath) this.#memo.set(method, (byPath = new Map()));
    byPath.set(path, found);
    this.#kept++;
  }
}

/** Whether no handler of a match took a parameter from the path (the trie's form: no param stash). */
function withoutParams<T>(found: Result<T>): boolean {
  if (found[1] !== undefined) return false;
  for (const [, params] of found[0] as [T, Record<string, string>][]) {
    for (const _ in params) return false;
  }
  return true;
}
