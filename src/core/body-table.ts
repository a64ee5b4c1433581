import { sha256Base64 } from "./hash.js";

/** Longest text used as its own map key: V8 hashes a longer string by its length alone, so equal-length bodies would all collide. */
const KEYED_BY_TEXT = 16_000;
/** A table entry's cost beyond its text (the entry object and the map slot), an estimate. */
const ENTRY_BYTES = 96;

/**
 * The change log's bodies, each distinct text stored once ("each distinct body", as the limits page
 * says): 300 updates with the same 1 MB body hold 1 MB, not 300. Counted by reference, so a refused
 * body dropped from the log frees its text once nothing else holds it. Texts are sealed latin1
 * (one character per byte); a long one is keyed by its digest.
 */
export class BodyTable {
  readonly #texts = new Map<string, { text: string; refs: number }>();
  /** Long texts by digest: a separate map, so no short text can be mistaken for a digest. */
  readonly #digests = new Map<string, { text: string; refs: number }>();

  /** Bytes {@link take} would add for `text`: 0 when an equal text is held already. */
  cost(text: string): number {
    return this.#map(text).has(keyOf(text)) ? 0 : text.length + ENTRY_BYTES;
  }

  /** The held text equal to `text` (kept if new), one more reference to it. */
  take(text: string): string {
    const key = keyOf(text);
    const held = this.#map(text).get(key);
    if (held) {
      held.refs++;
      return held.text;
    }
    this.#map(text).set(key, { text, refs: 1 });
    return text;
  }

  /** One reference fewer; returns the bytes freed (the text's, when it was the last one). */
  release(text: string): number {
    const key = keyOf(text);
    const held = this.#map(text).get(key);
    if (!held || --held.refs > 0) return 0;
    this.#map(text).delete(key);
    return text.length + ENTRY_BYTES;
  }

  #map(text: string) {
    return text.length <= KEYED_BY_TEXT ? this.#texts : this.#digests;
  }
}

function keyOf(text: string): string {
  return text.length <= KEYED_BY_TEXT ? text : sha256Base64(text, "latin1");
}
