import { constants } from "node:buffer";

/** The buffer's first size. */
const FIRST_BYTES = 4096;

/**
 * Texts kept off the V8 heap, as UTF-8 in one circular byte buffer, released oldest first: the
 * journal's answer bodies.
 *
 * Why: a journal keeps each answer for thousands of requests, so as a string it outlives the young
 * generation (two scavenges copy it, then it is promoted) and dies in the old one, which V8 lets grow
 * to about three times what survived before it collects. One card SALE's 1.2 KB answer was most of
 * what a request left behind besides the payment itself: 20 s of SALEs peaked at 412 MB with the
 * answers kept as strings, 327 MB with none kept (bench: docs/explanation/performance.md). Here they
 * cost their bytes once, in a buffer that grows to what the journal's byte bound lets it hold.
 *
 * Every {@link put} (a text or none) is one slot of a FIFO that {@link shift} releases, so the caller
 * releases as its own ring drops items, in the same order, without keeping a position per item.
 */
export class TextRing {
  /** `maxBytes`: the largest buffer it may grow to (node's largest Buffer by default). */
  constructor(private readonly maxBytes: number = constants.MAX_LENGTH) {}

  #buf: Buffer = Buffer.alloc(0);
  /** Absolute position (bytes ever written, wrap gaps included) of the buffer's first byte. */
  #origin = 0;
  /** Absolute position of the next write. */
  #head = 0;
  /** Absolute position of the oldest byte still held. */
  #tail = 0;
  /** The end (absolute) of each held slot, oldest first from `#first`. */
  #ends: number[] = [];
  #first = 0;

  /** Bytes the buffer takes (what it holds is at most this). */
  get capacity(): number {
    return this.#buf.length;
  }

  /**
   * Keeps `text`; returns its absolute position and UTF-8 length, for {@link get}. Undefined, and no
   * slot taken, when the buffer would have to outgrow `maxBytes` (a journal bound of many
   * gigabytes): the caller keeps that text itself.
   */
  put(text: string): { at: number; bytes: number } | undefined {
    const bytes = Buffer.byteLength(text, "utf8");
    let at = this.#fit(bytes);
    if (at < 0) {
      if (!this.#grow(this.#head - this.#tail + bytes)) return undefined;
      at = this.#fit(bytes);
    }
    if (bytes > 0) this.#buf.write(text, (at - this.#origin) % this.#buf.length, bytes, "utf8");
    this.#head = at + bytes;
    this.#ends.push(this.#head);
    return { at, bytes };
  }

  /** A slot with no text (keeps the FIFO aligned with the caller's items). */
  skip(): void {
    this.#ends.push(this.#head);
  }

  /** Releases the oldest slot. */
  shift(): void {
    if (this.#first >= this.#ends.length) return;
    this.#tail = this.#ends[this.#first++]!;
    // Compacted once the spent slots are half the array: amortized O(1), as the journal's ring.
    if (this.#first >= 1024 && this.#first * 2 >= this.#ends.length) {
      this.#ends = this.#ends.slice(this.#first);
      this.#first = 0;
    }
  }

  /** The text at `at` (from {@link put}); undefined once its slot was released (its bytes may be reused). */
  get(at: number, bytes: number): string | undefined {
    if (at < this.#tail || at + bytes > this.#head) return undefined;
    if (bytes === 0) return "";
    const start = (at - this.#origin) % this.#buf.length;
    return this.#buf.toString("utf8", start, start + bytes);
  }

  /** Releases everything, the buffer too. */
  clear(): void {
    this.#buf = Buffer.alloc(0);
    this.#origin = this.#head = this.#tail = 0;
    this.#ends = [];
    this.#first = 0;
  }

  /**
   * Where `bytes` would start (absolute), contiguous in the buffer, without overwriting a held byte:
   * after the head, or at the buffer's start when the rest of it is too short (the gap counts as
   * written). -1 when it does not fit.
   */
  #fit(bytes: number): number {
    const size = this.#buf.length;
    if (size === 0) return bytes === 0 ? this.#head : -1;
    const offset = (this.#head - this.#origin) % size;
    const gap = offset + bytes > size ? size - offset : 0;
    // After a gap, `at - origin` is a multiple of the size: the text starts at the buffer's start.
    const at = this.#head + gap;
    return at + bytes - this.#tail > size ? -1 : at;
  }

  /**
   * A buffer of twice the size (at least `needed`), holding the held bytes from its start. The
   * first is small: a world answers a few requests as often as thousands (200 sandboxes of a suite).
   */
  #grow(needed: number): boolean {
    let size = Math.max(FIRST_BYTES, this.#buf.length * 2);
    while (size < needed) size *= 2;
    size = Math.min(size, this.maxBytes);
    if (size < needed) return false;
    const next = Buffer.allocUnsafeSlow(size);
    const held = this.#head - this.#tail;
    if (held > 0) {
      const old = this.#buf.length;
      const start = (this.#tail - this.#origin) % old;
      const first = Math.min(held, old - start);
      this.#buf.copy(next, 0, start, start + first);
      if (first < held) this.#buf.copy(next, first, 0, held - first);
    }
    this.#buf = next;
    this.#origin = this.#tail;
    return true;
  }
}
