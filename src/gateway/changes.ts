import { conceal, reveal } from "../core/seal.js";

/**
 * The world-changing log behind `GET /_mock/journal/export`: every request that moved the world
 * (each `/v1` request ticks the clock, so all of them; each successful mutating control call;
 * each reset), in order, so a replayer can rebuild the identical world.
 *
 * Unlike the request journal it is not bounded: a bounded log could not rebuild the world. Its cost
 * is 20 bytes per `/v1` request plus the body as sent (see {@link ChangeLog}). A reset keeps the history (the
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
  /** Size of the body that was dropped (bytes), for the journal's marker. */
  bytes: number;
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

/**
 * Bodies are kept sealed (core/seal.ts) with this fixed key, so the log in memory never holds a
 * card or account number in clear, as the exported file does not; the export unseals them and
 * seals each secret field with the world's seed, as before. Obfuscation, not encryption.
 */
const AT_REST = "change-log";

/** Bodies longer than this (sealed text) get a shape of their own, never shared. */
const UNSHARED_BODY = 8 * 1024;

/** Entries per storage chunk (the log grows by chunks, never by copying). */
const CHUNK = 16_384;

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
 * request with a body keeps its body, sealed ({@link AT_REST}); a body sent again by the same caller
 * to the same path shares the shape of its last sending. Entries are rebuilt on export ({@link entries}).
 */
export class ChangeLog {
  #shapes: Shape[] = [];
  /** Bodiless shapes by their key, so repeats share one. */
  #shapeIds = new Map<string, number>();
  /** The last shape of each body (a test suite sends the same payloads again and again). */
  #bodyShapes = new Map<string, number>();
  /** Header sets by their JSON, so every request of one caller shares one object. */
  #headerSets = new Map<string, Record<string, string>>();
  #chunks: Chunk[] = [];
  #length = 0;
  /** The options of the first world of this history (a reset may change the seed); null: this world's. */
  origin: unknown = null;
  /** Request ids drawn by this world so far. */
  requestIds = 0;

  get length(): number {
    return this.#length;
  }

  /** Appends an entry; returns its index (for {@link forgetBody}). */
  record(entry: ChangeEntry): number {
    const headersKey = JSON.stringify(entry.headers);
    let headers = this.#headerSets.get(headersKey);
    if (!headers) this.#headerSets.set(headersKey, (headers = { ...entry.headers }));
    let shape: number;
    if (entry.refused) {
      shape = this.#addShape({ kind: entry.kind, method: entry.method, path: entry.path, headers, body: null, refused: entry.refused });
    } else if (entry.body === null) {
      const key = `${entry.kind} ${entry.method} ${entry.path}\n${headersKey}`;
      const known = this.#shapeIds.get(key);
      if (known !== undefined) shape = known;
      else {
        shape = this.#addShape({ kind: entry.kind, method: entry.method, path: entry.path, headers, body: null });
        this.#shapeIds.set(key, shape);
      }
    } else {
      const body = conceal(entry.body, AT_REST);
      // A large body is never shared, so forgetBody can drop it in place (and the map never pins it).
      const known = body.length > UNSHARED_BODY ? undefined : this.#bodyShapes.get(body);
      const last = known === undefined ? undefined : this.#shapes[known];
      if (known !== undefined && last && last.kind === entry.kind && last.method === entry.method && last.path === entry.path && last.headers === headers) {
        shape = known;
      } else {
        shape = this.#addShape({ kind: entry.kind, method: entry.method, path: entry.path, headers, body });
        if (body.length <= UNSHARED_BODY) this.#bodyShapes.set(body, shape);
      }
    }
    const n = this.#length++;
    if (n % CHUNK === 0) this.#chunks.push(newChunk());
    const chunk = this.#chunks[this.#chunks.length - 1];
    chunk.shape[n % CHUNK] = shape;
    chunk.at[n % CHUNK] = Date.parse(entry.at);
    chunk.rid[n % CHUNK] = entry.rid;
    return n;
  }

  /** Drops the body of entry `n` (a refused request), keeping what replay needs of it. */
  forgetBody(n: number, refused: Refused): void {
    const chunk = this.#chunks[Math.floor(n / CHUNK)];
    const id = chunk.shape[n % CHUNK];
    const s = this.#shapes[id];
    const bare: Shape = { kind: s.kind, method: s.method, path: s.path, headers: s.headers, body: null, refused };
    if (s.body !== null && s.body.length > UNSHARED_BODY) this.#shapes[id] = bare;
    else chunk.shape[n % CHUNK] = this.#addShape(bare);
  }

  /** The entries in order, rebuilt (for the export: O(entries)). */
  get entries(): ChangeEntry[] {
    const out: ChangeEntry[] = [];
    for (let n = 0; n < this.#length; n++) {
      out.push(this.#entry(n));
    }
    return out;
  }

  /** Entry `n`, rebuilt. */
  #entry(n: number): ChangeEntry {
    const chunk = this.#chunks[Math.floor(n / CHUNK)];
    const s = this.#shapes[chunk.shape[n % CHUNK]];
    const e: ChangeEntry = { kind: s.kind, method: s.method, path: s.path, headers: s.headers, body: s.body === null ? null : reveal(s.body, AT_REST), rid: chunk.rid[n % CHUNK], at: new Date(chunk.at[n % CHUNK]).toISOString() };
    if (s.refused) e.refused = s.refused;
    return e;
  }

  /** The entries in order, one at a time (the streamed export: no array of them all). */
  *iterate(): Generator<ChangeEntry> {
    for (let n = 0; n < this.#length; n++) yield this.#entry(n);
  }

  /** Takes over the history of the world this one replaces (reset); that world records no more. */
  adopt(previous: ChangeLog, previousOptions: unknown): void {
    const mine = this.entries;
    this.#shapes = previous.#shapes;
    this.#shapeIds = previous.#shapeIds;
    this.#bodyShapes = previous.#bodyShapes;
    this.#headerSets = previous.#headerSets;
    this.#chunks = previous.#chunks;
    this.#length = previous.#length;
    previous.#shapes = [];
    previous.#shapeIds = new Map();
    previous.#bodyShapes = new Map();
    previous.#headerSets = new Map();
    previous.#chunks = [];
    previous.#length = 0;
    for (const e of mine) this.record(e);
    this.origin = previous.origin ?? previousOptions;
  }

  #addShape(s: Shape): number {
    this.#shapes.push(s);
    return this.#shapes.length - 1;
  }
}
