import seedrandom from "seedrandom";
import { GROUPED, digitsOf, secretKind } from "./mask.js";

/**
 * Reversible sealing of secrets in the replay log, so the exported file never holds a full PAN,
 * account number, CVV, API key or client secret in clear, yet the replayer can rebuild the world.
 *
 * This is obfuscation, not encryption: the key stream is derived from the world seed, which the
 * log's header carries. It keeps secrets out of grep, CI artifacts viewers and screenshots; treat the
 * file itself like any other test artifact.
 */
const PREFIX = "sealed:";
/** Free text that could carry a card or account number: a run of 9 or more digits, or a card number written in groups. */
const DIGIT_RUN = /\d{9,19}/;
const GROUPED_RUN = new RegExp(GROUPED, "g");
function holdsDigits(text: string): boolean {
  if (DIGIT_RUN.test(text)) return true;
  if (text.length < 14) return false;
  for (const run of text.match(GROUPED_RUN) ?? []) if (digitsOf(run).length >= 12) return true;
  return false;
}

/**
 * Whether a request path and query string hold what a body field would be sealed for: a card
 * number (plain, grouped, `+` or percent-encoded), a run of 9 or more digits, or a query parameter
 * named as a secret (`cvv`, `api_key`, `clientSecret`...).
 */
export function pathHoldsSecret(path: string): boolean {
  if (holdsDigits(path)) return true;
  let decoded = path;
  try {
    decoded = decodeURIComponent(path.replace(/\+/g, " "));
  } catch {
    // A malformed escape: read as sent.
  }
  if (decoded !== path && holdsDigits(decoded)) return true;
  const q = path.indexOf("?");
  if (q < 0) return false;
  for (const name of new URLSearchParams(path.slice(q + 1)).keys()) if (secretKind(name)) return true;
  return false;
}

/** A seed's key stream as drawn so far, and its generator, to draw further when a longer value comes. */
interface Stream {
  prng: () => number;
  bytes: Uint8Array;
}

/** Key streams already drawn, by seed: a longer stream starts with every shorter one. */
const STREAMS = new Map<string, Stream>();
const CACHED_SEEDS = 16;
const CACHED_BYTES = 64 * 1024;

/** The seed's key stream, drawn to at least `length` bytes (at most {@link CACHED_BYTES}). */
function keyStream(seed: string, length: number): Uint8Array {
  let stream = STREAMS.get(seed);
  if (!stream) {
    stream = { prng: seedrandom(`paydouble-seal/${seed}`), bytes: new Uint8Array(0) };
    if (STREAMS.size < CACHED_SEEDS) STREAMS.set(seed, stream);
  }
  return drawn(stream, length);
}

/**
 * The stream's bytes, drawn further when fewer than `length` (at most {@link CACHED_BYTES}) are: in
 * 256-byte steps and at least doubling, continuing the same generator, so the bytes already drawn stay.
 */
function drawn(stream: Stream, length: number): Uint8Array {
  const want = Math.min(CACHED_BYTES, Math.ceil(Math.max(length, 1) / 256) * 256);
  if (stream.bytes.length >= want) return stream.bytes;
  const have = stream.bytes.length;
  const out = new Uint8Array(Math.max(want, Math.min(CACHED_BYTES, have * 2)));
  out.set(stream.bytes);
  for (let i = have; i < out.length; i++) out[i] = Math.floor(stream.prng() * 256);
  stream.bytes = out;
  return out;
}

/**
 * The key stream of texts kept in memory ({@link conceal}): never written out, so it need not be the
 * exported one's, and it is drawn by xorshift32 from a constant. The first request of a start
 * concealed its body with a seedrandom stream drawn in code not yet optimized (about 2 ms of the first
 * payment, docs/explanation/performance.md, "Cold start"); this one costs a few microseconds.
 */
const AT_REST: Stream = { prng: xorshift32(0x2f6b_7e15), bytes: new Uint8Array(0) };

function xorshift32(seed: number): () => number {
  let x = seed | 0;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 2 ** 32;
  };
}

/**
 * XORs `bytes` in place with the seed's key stream (its own inverse). The stream repeats every
 * {@link CACHED_BYTES}: drawing a fresh stream per byte cost ~90 ms per MB of body (obfuscation only).
 */
export function xorWithSeed<T extends Uint8Array>(bytes: T, seed: string): T {
  return xorWith(bytes, keyStream(seed, bytes.length));
}

function xorWith<T extends Uint8Array>(bytes: T, key: Uint8Array): T {
  const n = key.length;
  for (let i = 0; i < bytes.length; i++) bytes[i] ^= key[i % n];
  return bytes;
}

/**
 * A whole text sealed for keeping in memory (the replay change log): one latin1 character per byte,
 * so it takes no more room than the text; {@link reveal} turns it back.
 */
export function conceal(text: string): string {
  const bytes = Buffer.from(text, "utf8");
  return xorWith(bytes, drawn(AT_REST, bytes.length)).toString("latin1");
}

export function reveal(stored: string): string {
  const bytes = Buffer.from(stored, "latin1");
  return xorWith(bytes, drawn(AT_REST, bytes.length)).toString("utf8");
}

export function seal(value: string, seed: string): string {
  return PREFIX + xorWithSeed(Buffer.from(value, "utf8"), seed).toString("base64");
}

export function unseal(value: string, seed: string): string {
  if (!value.startsWith(PREFIX)) return value;
  return xorWithSeed(Buffer.from(value.slice(PREFIX.length), "base64"), seed).toString("utf8");
}

/** A sealed number: unsealed back to a number, so a replayed body has the types it was sent with. */
const NUMBER_PREFIX = "sealed-number:";

const sealKey = (k: string, seed: string) => (holdsDigits(k) || k.startsWith(PREFIX) ? seal(k, seed) : k);

/**
 * Seals secret-named fields ({@link secretKind}: strings and numbers, also inside an array or object
 * under that name), any string or key holding a run of 9 to 19 digits or a card number written in
 * groups (`4111-1111-1111-1111`, `3782 822463 10005`), and any integer that long, deep in a JSON value.
 */
export function sealDeep(value: unknown, seed: string, key = "", secret = secretKind(key) !== undefined): unknown {
  if (typeof value === "string") {
    return secret || holdsDigits(value) || value.startsWith(PREFIX) ? seal(value, seed) : value;
  }
  if (typeof value === "number") {
    return secret || (Number.isInteger(value) && Math.abs(value) >= 1e8) ? NUMBER_PREFIX + seal(String(value), seed) : value;
  }
  if (Array.isArray(value)) return value.map((v) => sealDeep(v, seed, "", secret));
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = Object.create(null);
    for (const [k, v] of Object.entries(value)) {
      Object.defineProperty(out, sealKey(k, seed), { value: sealDeep(v, seed, k, secret || secretKind(k) !== undefined), enumerable: true, writable: true, configurable: true });
    }
    return out;
  }
  return value;
}

/** The inverse of {@link sealDeep}. */
export function unsealDeep(value: unknown, seed: string): unknown {
  if (typeof value === "string") return value.startsWith(NUMBER_PREFIX) ? Number(unseal(value.slice(NUMBER_PREFIX.length), seed)) : unseal(value, seed);
  if (Array.isArray(value)) return value.map((v) => unsealDeep(v, seed));
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = Object.create(null);
    for (const [k, v] of Object.entries(value)) {
      Object.defineProperty(out, unseal(k, seed), { value: unsealDeep(v, seed), enumerable: true, writable: true, configurable: true });
    }
    return out;
  }
  return value;
}
