/**
 * The world-changing log behind `GET /_mock/journal/export`: every request that moved the world
 * (each `/v1` request ticks the clock, so all of them; each successful mutating control call;
 * each reset), in order, so a replayer can rebuild the identical world.
 *
 * Unlike the request journal it is not bounded: a bounded log could not rebuild the world. Its cost
 * is one entry per `/v1` request (the body as sent plus ~300 bytes). A reset keeps the history (the
 * fresh world adopts it), so the export tells the whole story since the server started.
 */
export interface ChangeEntry {
  /** `request` for `/v1`, `control` for a `/_mock` call, `reset` for `POST /_mock/reset`. */
  kind: "request" | "control" | "reset";
  method: string;
  /** Path relative to the world's root (no `/sandboxes/{id}` prefix). */
  path: string;
  /** The headers replay needs (credentials sealed), lower-case names. */
  headers: Record<string, string>;
  /** The body text as sent, or null. */
  body: string | null;
  /** Request ids this world had drawn before this request (control reads draw one too). */
  rid: number;
  /** Simulated instant when it arrived. */
  at: string;
}

export class ChangeLog {
  readonly entries: ChangeEntry[] = [];
  /** The options of the first world of this history (a reset may change the seed); null: this world's. */
  origin: unknown = null;
  /** Request ids drawn by this world so far. */
  requestIds = 0;

  record(entry: ChangeEntry): void {
    this.entries.push(entry);
  }

  /** Takes over the history of the world this one replaces (reset). */
  adopt(previous: ChangeLog, previousOptions: unknown): void {
    this.entries.unshift(...previous.entries);
    this.origin = previous.origin ?? previousOptions;
  }
}
