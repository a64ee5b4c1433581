import { detach } from "../core/detach.js";
import { conceal, reveal } from "../core/seal.js";
import { BodyTable } from "../core/body-table.js";

/**
 * The world-changing log behind `GET /_mock/journal/export`: every request that moved the world
 * (each `/v1` request ticks the clock, so all of them; each successful mutating control call;
 * each reset), in order, so a replayer can rebuild the identical world.
 *
 * Bounded in entries and bytes ({@link ChangeBounds}): past a bound it keeps what it holds (a prefix
 * still rebuilds the world as it was at that point) and counts what it did not keep, which the export's
 * end line and replay report. It costs 20 bytes per `/v1` request plus each distinct body (see
 * {@link ChangeLog}). A reset keeps the history (the fresh world adopts it), so the export tells the
 * whole story since the server started; after a truncation the reset starts the log afresh instead.
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
  /** The same instant as epoch ms, when the recorder has it (the pipeline does): saves parsing `at` per request. Not kept. */
  atMs?: number;
  /** Set on a request refused with a large body that was not kept: replay journals it without resending. */
  refused?: Refused;
}

/** What replay needs of a refused request whose body was dropped: its answer's status and journal fields. */
export interface Refused {
  status: number;
  operation: string | null;
  client_id: string | null;
  /** The answer's `error_code`, for the journal (the answer itself is not kept either). */
  error_code: string | null;
  /** Size of the body that was dropped (bytes), for the journal's marker; 0 when the body was kept (or none). */
  bytes: number;
  /** Size of the query string that was dropped (bytes), for the journal's marker; absent when kept. */
  query_bytes?: number;
}

/** How much one world's change log may hold; past either it stops recording (see {@link Truncation}). */
export interface ChangeBounds {
  /** Entries kept. */
  entries: number;
  /** Bytes kept, counted as {@link ChangeLog.bytes} does. */
  bytes: number;
  /** A refused request's body, and its query string, each kept up to this many bytes. */
  refused: number;
}

export const DEFAULT_CHANGE_BOUNDS: ChangeBounds = { entries: 1_000_000, bytes: 64 * 1024 * 1024, refused: 8 * 1024 };

/** The first change not kept once a bound was reached, and how many were not kept since. */
export interface Truncation {
  /** Changes not kept. */
  dropped: number;
  /** Request ids drawn before the first one not kept: the replayed world stops there. */
  rid: number;
  /** Simulated instant of the first change not kept. */
  at: string;
}

/** What requests share: everything of an entry but its instant and request-id count. */
interface Shape {
  kind: ChangeEntry["kind"];
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string | null;
  refused?: Refused;
}

/** Entries per storage chunk (the log grows by chunks, never by copying). */
const CHUNK = 16_384;
/** Bytes of one chunk: three typed-array columns of 4 + 8 + 8 bytes per entry. */
const CHUNK_BYTES = CHUNK * 20;
/** What an object with a few fields, or a map entry, costs beyond its strings (an estimate). */
const OBJECT_BYTES = 64;

interface Chunk {
  shape: Uint32Array;
  at: Float64Array;
  rid: Float64Array;
}

const newChunk = (): Chunk => ({ shape: new Uint32Array(CHUNK), at: new Float64Array(CHUNK), rid: new Float64Array(CHUNK) });

/**
 * Stored compactly, because it grows with every `/v1` request, reads included: each entry is three
 * numbers in typed-array columns (its shape, instant and request-id count, 20 bytes), and the
 * shapes are shared: a bodiless request that repeats an earlier one (same kind, method, path and
 * headers: a poll, a list page) adds no object at all, and equal header sets are one object. A
 * request with a body keeps its body concealed (core/seal.ts: the log in memory never holds a card or
 * account number in clear, as the exported file does not; the export reveals it and seals each secret
 * field with the world's seed), once per distinct text ({@link BodyTable}); a body sent again by the
 * same caller to the same path shares the shape of its last sending. A request whose body or query
 * string is over the refused cap gets a shape of its own, so {@link forgetBody} can drop it in place
 * if it is refused. Entries are rebuilt on export.
 */
export class ChangeLog {
  #shapes: Shape[] = [];
  /** Bodiless shapes by their key, so repeats share one. */
  #shapeIds = new Map<string, number>();
  /** The last shape of each body (a test suite sends the same payloads again and again). */
  #bodyShapes = new Map<string, number>();
  /** Header sets by their JSON, so every request of one caller shares one object. */
  #headerSets = new Map<string, Record<string, string>>();
  #bodies = new BodyTable();
  /** The header set kept for the last entry and its JSON: the pipeline hands that same object back for a request with the same headers (http/changes.ts). */
  #lastSet: Record<string, string> | null = null;
  #lastSetKey = "";
  #lastBody: string | null = null;
  #lastSealed = "";
  #chunks: Chunk[] = [];
  #length = 0;
  #bytes = 0;
  #truncated: Truncation | null = null;
  /** The options of the first world of this history (a reset may change the seed); null: this world's. */
  origin: unknown = null;
  /** Request ids drawn by this world so far. */
  requestIds = 0;

  constructor(readonly bounds: ChangeBounds = DEFAULT_CHANGE_BOUNDS) {}

  get length(): number {
    return this.#length;
  }

  /** Bytes held: the columns' chunks, each distinct shape, header set and body (string lengths plus a fixed cost per object). */
  get bytes(): number {
    return this.#bytes;
  }

  /** Null while every change was kept. */
  get truncated(): Readonly<Truncation> | null {
    return this.#truncated;
  }

  /**
   * Appends an entry; returns its index (for {@link forgetBody}), or -1 when a bound kept it out.
   * A kept entry's `headers` becomes the log's one object for that header set (same names and
   * values), so the journal, which shows them too, holds no copy per request.
   */
  record(entry: ChangeEntry): number {
    if (this.#truncated) {
      this.#truncated.dropped++;
      return -1;
    }
    const n = this.#length;
    // The same set as the last entry's (one caller's credentials, request after request): its key is known.
    const again = entry.headers === this.#lastSet;
    const headersKey = again ? this.#lastSetKey : JSON.stringify(entry.headers);
    const knownHeaders = again ? this.#lastSet! : this.#headerSets.get(headersKey);
    // A suite sends the same payload again and again: sealed once while it repeats.
    if (entry.body !== null && entry.body !== this.#lastBody) this.#lastSealed = conceal((this.#lastBody = entry.body));
    const body = entry.body === null ? null : this.#lastSealed;
    const own = entry.path.length > this.bounds.refused || (body !== null && body.length > this.bounds.refused);
    const key = entry.body === null && !entry.refused && !own ? `${entry.kind} ${entry.method} ${entry.path}\n${headersKey}` : null;
    let shape = key === null ? undefined : this.#shapeIds.get(key);
    if (shape === undefined && body !== null && !own && !entry.refused) {
      const last = this.#bodyShapes.get(body);
      const s = last === undefined ? undefined : this.#shapes[last];
      if (s && s.kind === entry.kind && s.method === entry.method && s.path === entry.path && s.headers === knownHeaders) shape = last;
    }
    // What this entry adds, checked against the bounds before anything is kept.
    let cost = n % CHUNK === 0 ? CHUNK_BYTES : 0;
    if (shape === undefined) {
      cost += OBJECT_BYTES + entry.path.length + (key === null ? 0 : key.length + OBJECT_BYTES);
      if (!knownHeaders) cost += 2 * headersKey.length + 2 * OBJECT_BYTES;
      if (body !== null) cost += this.#bodies.cost(body);
    }
    if (n >= this.bounds.entries || this.#bytes + cost > this.bounds.bytes) {
      this.#truncated = { dropped: 1, rid: entry.rid, at: entry.at };
      return -1;
    }
    this.#bytes += cost;
    let headers = knownHeaders;
    if (shape === undefined) {
      if (!headers) this.#headerSets.set(headersKey, (headers = { ...entry.headers }));
      const kept = body === null ? null : this.#bodies.take(body);
      shape = this.#addShape({ kind: entry.kind, method: entry.method, path: entry.path, headers, body: kept, ...(entry.refused && { refused: entry.refused }) });
      if (key !== null) this.#shapeIds.set(key, shape);
      else if (kept !== null && !own && !entry.refused) this.#bodyShapes.set(kept, shape);
    }
    this.#length++;
    if (n % CHUNK === 0) this.#chunks.push(newChunk());
    const chunk = this.#chunks[this.#chunks.length - 1];
    chunk.shape[n % CHUNK] = shape;
    chunk.at[n % CHUNK] = entry.atMs ?? Date.parse(entry.at);
    chunk.rid[n % CHUNK] = entry.rid;
    if (headers) {
      entry.headers = headers;
      this.#lastSet = headers;
      this.#lastSetKey = headersKey;
    }
    return n;
  }

  /**
   * Entry `n` was refused with a body or query string over the refused cap: keeps what replay needs
   * of it (method, path, status), without its body, or its query string when that is what was over
   * (`refused.bytes`, `refused.query_bytes`). `bare` is its path without the query string.
   */
  forgetBody(n: number, refused: Refused, bare: string): void {
    if (n < 0 || n >= this.#length) return;
    const chunk = this.#chunks[Math.floor(n / CHUNK)];
    const id = chunk.shape[n % CHUNK];
    const s = this.#shapes[id];
    // The path without its query string, given rather than cut from the kept path: that one is
    // the path and the query joined, and cutting it would first copy the whole query (12 KB of
    // garbage per refused request). Detached: a slice of the URL would keep the URL alive.
    const path = refused.query_bytes ? detach(bare) : s.path;
    // Over the cap means a shape of its own (see record): replaced in place, its strings freed.
    this.#shapes[id] = { kind: s.kind, method: s.method, path, headers: s.headers, body: null, refused };
    this.#bytes -= s.path.length - path.length;
    if (s.body !== null) this.#bytes -= this.#bodies.release(s.body);
  }

  /** The entries in order, rebuilt (for the export: O(entries)). */
  get entries(): ChangeEntry[] {
    return [...this.iterate()];
  }

  /** Entry `n`, rebuilt. */
  #entry(n: number): ChangeEntry {
    const chunk = this.#chunks[Math.floor(n / CHUNK)];
    const s = this.#shapes[chunk.shape[n % CHUNK]];
    const e: ChangeEntry = { kind: s.kind, method: s.method, path: s.path, headers: s.headers, body: s.body === null ? null : reveal(s.body), rid: chunk.rid[n % CHUNK], at: new Date(chunk.at[n % CHUNK]).toISOString() };
    if (s.refused) e.refused = s.refused;
    return e;
  }

  /** The entries in order, one at a time (the streamed export: no array of them all). */
  *iterate(): Generator<ChangeEntry> {
    for (let n = 0; n < this.#length; n++) yield this.#entry(n);
  }

  /**
   * Takes over the history of the world this one replaces (reset); that world records no more.
   * A truncated history is not taken: it could not rebuild the world past its cut, and this log,
   * starting at the reset, can (the fresh world is built from its options alone). Returns whether
   * the history was taken (if not, the reset itself is not a change of this log either).
   */
  adopt(previous: ChangeLog, previousOptions: unknown): boolean {
    if (previous.#truncated) return false;
    const mine = this.entries;
    this.#shapes = previous.#shapes;
    this.#shapeIds = previous.#shapeIds;
    this.#bodyShapes = previous.#bodyShapes;
    this.#headerSets = previous.#headerSets;
    this.#lastSet = previous.#lastSet;
    this.#lastSetKey = previous.#lastSetKey;
    this.#bodies = previous.#bodies;
    this.#chunks = previous.#chunks;
    this.#length = previous.#length;
    this.#bytes = previous.#bytes;
    previous.#shapes = [];
    previous.#shapeIds = new Map();
    previous.#bodyShapes = new Map();
    previous.#headerSets = new Map();
    previous.#lastSet = null;
    previous.#bodies = new BodyTable();
    previous.#chunks = [];
    previous.#length = 0;
    previous.#bytes = 0;
    for (const e of mine) this.record(e);
    this.origin = previous.origin ?? previousOptions;
    return true;
  }

  #addShape(s: Shape): number {
    this.#shapes.push(s);
    return this.#shapes.length - 1;
  }
}
