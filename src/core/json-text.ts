/**
 * `JSON.stringify(value)` for answers, the same text, written as bytes by code made for each shape
 * of object the double answers (its keys in order), as a hand-built answer would be: Node 20's
 * `JSON.stringify` spent about 200 instructions on each key and string of a card SALE's answer
 * (docs/explanation/performance.md, "Twelfth round"), and a text joined with `+` is a tree of
 * strings that V8 copies flat again when it is measured and sent ("Seventeenth round"). A shape's
 * code first checks that the object has exactly its keys, in its order (own, enumerable, none
 * inherited), then writes each key's bytes as constants and each value after it into one buffer,
 * read out as one flat string. Anything it does not write itself (a `toJSON`, a character to
 * escape or past U+00FF, a non-plain object, a shape seen once) gives the whole value to
 * `JSON.stringify`. At most {@link SHAPES} shapes are kept, process-wide: the answers' shapes are
 * few, and past the bound an answer is written by `JSON.stringify`.
 */
export function jsonText(value: unknown): string {
  // A getter that answers JSON itself would write over the buffer in use: JSON.stringify's.
  if (busy || value === null || typeof value !== "object" || Array.isArray(value)) return JSON.stringify(value);
  busy = true;
  try {
    for (;;) {
      const end = objectBytes(value as Record<string, unknown>, TOP, 0, out, 0);
      // Writes past the end of a typed array are dropped, not thrown: the length is checked once,
      // at the end, and a larger buffer takes the answer again.
      if (end <= out.length) return out.toString("latin1", 0, end);
      if (end > MAX_BYTES) return JSON.stringify(value);
      out = Buffer.allocUnsafeSlow(Math.min(MAX_BYTES, Math.max(end, 2 * out.length)));
    }
  } catch (e) {
    if (e === NOT_MINE) return JSON.stringify(value);
    throw e;
  } finally {
    busy = false;
  }
}

/** How many object shapes are kept (distinct key lists, nested objects included). */
const SHAPES = 64;

/** How deep objects and arrays are written here; deeper, JSON.stringify writes the whole value. */
const MAX_DEPTH = 32;

/** The largest answer written here (a larger one is JSON.stringify's): the buffer is kept. */
const MAX_BYTES = 1 << 20;

/** The buffer answers are written into (grown up to {@link MAX_BYTES}), and whether one is being written. */
let out = Buffer.allocUnsafeSlow(16384);
let busy = false;

/** Thrown for a value JSON.stringify must write (with the whole answer). */
const NOT_MINE = Symbol("JSON.stringify writes this");

/**
 * A shape's writer: writes the object into `b` from `p` and returns where it ended, or -1 when the
 * object is not of its shape.
 */
type Writer = (input: Record<string, unknown>, depth: number, b: Uint8Array, p: number) => number;

/**
 * Where an object is written (the answer itself, or a key of a shape): the writer that wrote the
 * last object there, tried first, since the same place holds the same shape again and again.
 */
interface Site {
  last: Writer | undefined;
}
const TOP: Site = { last: undefined };

/** Each shape's writer by its key list (joined by a character no key of ours holds); null: seen once. */
const byKeys = new Map<string, Writer | null>();

/** Forgets every shape (for tests: a test of shapes starts with room for them). */
export function forgetShapes(): void {
  byKeys.clear();
  TOP.last = undefined;
}

/** Writes a plain object by its shape's writer; throws {@link NOT_MINE} when JSON.stringify must. */
function objectBytes(input: Record<string, unknown>, site: Site, depth: number, b: Uint8Array, p: number): number {
  // Deeper than an answer goes (a cycle, say): JSON.stringify's, and its TypeError.
  if (depth > MAX_DEPTH || Object.getPrototypeOf(input) !== Object.prototype || "toJSON" in input) throw NOT_MINE;
  const last = site.last;
  if (last !== undefined) {
    const end = last(input, depth, b, p);
    if (end >= 0) return end;
  }
  const keys = Object.keys(input);
  const id = keys.join("\u0000");
  let writer = byKeys.get(id);
  if (writer === undefined) {
    // A shape's first object is JSON.stringify's: the first answer of a start compiles nothing
    // (code made by `new Function` is not in the start-up code cache), nor does a shape seen once.
    if (byKeys.size < SHAPES) byKeys.set(id, null);
    throw NOT_MINE;
  }
  if (writer === null) byKeys.set(id, (writer = compileShape(keys)));
  // Its own shape's writer refused it (an enumerable key inherited, which `for...in` sees and
  // Object.keys does not): once is enough.
  if (writer === last) throw NOT_MINE;
  site.last = writer;
  const end = writer(input, depth, b, p);
  if (end < 0) throw NOT_MINE;
  return end;
}

/** The writer of a shape whose keys this file does not write: every such object is JSON.stringify's. */
const REFUSE: Writer = () => -1;

/** Marks a value JSON.stringify leaves out of an object (undefined, a function, a symbol). */
const OMIT = -1;

/** Writes a value inside an object or array; {@link OMIT} when JSON.stringify leaves it out. */
function valueBytes(v: unknown, site: Site, depth: number, b: Uint8Array, p: number): number {
  switch (typeof v) {
    case "string":
      return stringBytes(v, b, p);
    case "number":
      return asciiBytes(Number.isFinite(v) ? "" + v : "null", b, p);
    case "boolean":
      return v ? asciiBytes("true", b, p) : asciiBytes("false", b, p);
    case "object":
      if (v === null) return asciiBytes("null", b, p);
      if (Array.isArray(v)) return arrayBytes(v, depth + 1, b, p);
      return objectBytes(v as Record<string, unknown>, site, depth + 1, b, p);
    case "undefined":
    case "function":
    case "symbol":
      return OMIT;
    default:
      throw NOT_MINE; // a bigint: JSON.stringify's TypeError
  }
}

function arrayBytes(a: unknown[], depth: number, b: Uint8Array, p: number): number {
  if (depth > MAX_DEPTH || Object.getPrototypeOf(a) !== Array.prototype || "toJSON" in a) throw NOT_MINE;
  const site: Site = { last: undefined };
  b[p++] = 0x5b; // [
  for (let i = 0; i < a.length; i++) {
    if (i > 0) b[p++] = 0x2c;
    const end = valueBytes(a[i], site, depth, b, p);
    p = end === OMIT ? asciiBytes("null", b, p) : end;
  }
  b[p++] = 0x5d;
  return p;
}

/**
 * A string's JSON text as one byte a character: as is between quotes when it has no character JSON
 * escapes (quote, backslash, control) and none past U+00FF (the buffer is read back as Latin-1).
 */
function stringBytes(s: string, b: Uint8Array, p: number): number {
  b[p++] = 0x22;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    // Below U+0020 or past U+00FF in one unsigned comparison.
    if ((c - 0x20) >>> 0 > 0xdf || c === 0x22 || c === 0x5c) throw NOT_MINE;
    b[p++] = c;
  }
  b[p++] = 0x22;
  return p;
}

/** Text known to be plain ASCII (a number's, `null`...). */
function asciiBytes(s: string, b: Uint8Array, p: number): number {
  for (let i = 0; i < s.length; i++) b[p++] = s.charCodeAt(i);
  return p;
}

/** The statements that write `text`'s character codes (< 256) at `p` as constants, then move `p` past them. */
function constantBytes(text: string): string {
  const stores = [...text].map((ch, i) => `b[p + ${i}] = ${ch.charCodeAt(0)};`);
  return `${stores.join(" ")} p += ${text.length};`;
}

/**
 * The writer of one key list: the keys checked in order, then each value read by its literal name
 * and written after its key's bytes (taken back when JSON.stringify would leave the key out). A
 * key past U+00FF is never compiled: its object stays JSON.stringify's.
 */
function compileShape(keys: readonly string[]): Writer {
  const lines = ["let i = 0;", "for (const k in input) { if (k !== keys[i]) return -1; i++; }", `if (i !== ${keys.length}) return -1;`, "b[p++] = 123;", "let first = true, v, q, end;"];
  for (const [i, key] of keys.entries()) {
    const name = JSON.stringify(key);
    if ([...name].some((ch) => ch.charCodeAt(0) > 0xff)) return REFUSE;
    // Strings and nulls, most of an answer's values, without a call of valueBytes.
    lines.push(`v = input[${name}]; q = p;`);
    lines.push(`if (!first) b[p++] = 44; ${constantBytes(name + ":")}`);
    lines.push(`if (typeof v === "string") { p = stringBytes(v, b, p); first = false; }`);
    lines.push(`else if (v === null) { ${constantBytes("null")} first = false; }`);
    lines.push(`else if ((end = valueBytes(v, sites[${i}], depth, b, p)) === ${OMIT}) p = q; else { p = end; first = false; }`);
  }
  lines.push("b[p++] = 125;", "return p;");
  const sites: Site[] = keys.map(() => ({ last: undefined }));
  return new Function("keys", "valueBytes", "stringBytes", "sites", `return (input, depth, b, p) => {\n${lines.join("\n")}\n};`)(keys, valueBytes, stringBytes, sites) as Writer;
}
