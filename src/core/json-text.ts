/**
 * `JSON.stringify(value)` for answers, the same text, written by code made for each shape of
 * object the double answers (its keys in order), as a hand-built answer would be: Node 20's
 * `JSON.stringify` spent about 200 instructions on each key and string of a card SALE's answer
 * (docs/explanation/performance.md, "Twelfth round"). A shape's code first checks that the object
 * has exactly its keys, in its order (own, enumerable, none inherited), and otherwise, or for
 * anything it does not write itself (a `toJSON`, a string to escape, a non-plain object), gives
 * the value to `JSON.stringify`. At most {@link SHAPES} shapes are kept, process-wide: the answers'
 * shapes are few, and past the bound an answer is written by `JSON.stringify`.
 */
export function jsonText(value: unknown): string {
  const text = value !== null && typeof value === "object" ? objectText(value as Record<string, unknown>, TOP, 0) : undefined;
  return text === undefined ? JSON.stringify(value) : text;
}

/** How many object shapes are kept (distinct key lists, nested objects included). */
const SHAPES = 64;

/** How deep objects and arrays are written here; deeper, JSON.stringify writes the whole value. */
const MAX_DEPTH = 32;

/** A shape's writer: the object's text, or undefined when the object is not of its shape. */
type Writer = (input: Record<string, unknown>, depth: number) => string | undefined;

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

/** A plain object's text by its shape's writer, or undefined (JSON.stringify writes it). */
function objectText(input: Record<string, unknown>, site: Site, depth: number): string | undefined {
  // Deeper than an answer goes (a cycle, say): JSON.stringify's, and its TypeError.
  if (depth > MAX_DEPTH || Array.isArray(input) || Object.getPrototypeOf(input) !== Object.prototype || "toJSON" in input) return undefined;
  const last = site.last;
  const text = last?.(input, depth);
  if (text !== undefined) return text;
  const keys = Object.keys(input);
  const id = keys.join("\u0000");
  let writer = byKeys.get(id);
  if (!writer) {
    // A shape's first object is JSON.stringify's: the first answer of a start compiles nothing
    // (code made by `new Function` is not in the start-up code cache), nor does a shape seen once.
    if (writer === undefined) {
      if (byKeys.size < SHAPES) byKeys.set(id, null);
      return undefined;
    }
    byKeys.set(id, (writer = compileShape(keys)));
  }
  // Its own shape's writer refused it (a value JSON.stringify writes): once is enough.
  if (writer === last) return undefined;
  site.last = writer;
  return writer(input, depth);
}

/**
 * A value's text inside an object, or undefined when JSON.stringify leaves the key out. Throws
 * {@link NOT_MINE} for what this file does not write.
 */
function valueText(v: unknown, site: Site, depth: number): string | undefined {
  switch (typeof v) {
    case "string":
      return stringText(v);
    case "number":
      return Number.isFinite(v) ? "" + v : "null";
    case "boolean":
      return v ? "true" : "false";
    case "object": {
      if (v === null) return "null";
      if (Array.isArray(v)) return arrayText(v, depth + 1);
      const text = objectText(v as Record<string, unknown>, site, depth + 1);
      if (text === undefined) throw NOT_MINE;
      return text;
    }
    case "undefined":
    case "function":
    case "symbol":
      return undefined;
    default:
      throw NOT_MINE; // a bigint: JSON.stringify's TypeError
  }
}

function arrayText(a: unknown[], depth: number): string {
  if (depth > MAX_DEPTH || Object.getPrototypeOf(a) !== Array.prototype || "toJSON" in a) throw NOT_MINE;
  let out = "[";
  const site: Site = { last: undefined };
  for (let i = 0; i < a.length; i++) out += (i === 0 ? "" : ",") + (valueText(a[i], site, depth) ?? "null");
  return out + "]";
}

/** A string without a character JSON escapes (quote, backslash, control, surrogate) as is; otherwise JSON.stringify's. */
function stringText(s: string): string {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 || c === 0x22 || c === 0x5c || (c >= 0xd800 && c <= 0xdfff)) return JSON.stringify(s);
  }
  return '"' + s + '"';
}

/** Thrown inside a writer for a value JSON.stringify must write (with its whole object). */
const NOT_MINE = Symbol("JSON.stringify writes this");

/** The writer of one key list: the keys checked in order, then each value read by its literal name. */
function compileShape(keys: readonly string[]): Writer {
  const lines = ["let i = 0;", "for (const k in input) { if (k !== keys[i]) return undefined; i++; }", `if (i !== ${keys.length}) return undefined;`, 'let out = "{", sep = "", v, t;'];
  keys.forEach((key, i) => {
    const name = JSON.stringify(key);
    // Strings and nulls, most of an answer's values, without a call.
    const put = (text: string) => `{ out += sep + ${JSON.stringify(name + ":")} + ${text}; sep = ","; }`;
    lines.push(`v = input[${name}];`);
    lines.push(`if (typeof v === "string") ${put("stringText(v)")} else if (v === null) ${put('"null"')} else if ((t = valueText(v, sites[${i}], depth)) !== undefined) ${put("t")}`);
  });
  lines.push('return out + "}";');
  const sites: Site[] = keys.map(() => ({ last: undefined }));
  const write = new Function("keys", "valueText", "stringText", "sites", `return (input, depth) => {\n${lines.join("\n")}\n};`)(keys, valueText, stringText, sites) as Writer;
  return (input, depth) => {
    try {
      return write(input, depth);
    } catch (e) {
      if (e === NOT_MINE) return undefined;
      throw e;
    }
  };
}
