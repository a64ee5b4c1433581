import fc from "fast-check";

/** Deep nesting as JSON text would give it: `[[[...]]]` and `{"a":{"a":...}}`. */
const deepArray = (n: number): unknown => Array.from({ length: n }).reduce<unknown>((acc) => [acc], []);
const deepObject = (n: number): unknown => Array.from({ length: n }).reduce<unknown>((acc) => ({ a: acc }), "x");

/** Keys that break naive object handling. JSON.parse makes them own, enumerable properties. */
export const HOSTILE_KEYS = ["__proto__", "constructor", "prototype", "toString", "valueOf", "hasOwnProperty", "__defineGetter__"] as const;
const hostileObject = fc
  .constantFrom(...HOSTILE_KEYS)
  .map((k) => JSON.parse(`{${JSON.stringify(k)}: {"polluted": true}, "x": 1}`) as unknown);

const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => `a${String.fromCharCode(c)}b`);

/** A value that is wrong somewhere: wrong type, empty, huge, deep, odd unicode, hostile keys. */
export const mutantValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(null, "", " ", "\u0000", "null", "true", "0", "-1", "1e999", "NaN", 0, -1, -0, 1.5, 1e308, -1e308, 2 ** 31, 2 ** 53 + 2, true, false, [], {}, [null]),
  fc.constantFrom("x".repeat(100_000), "9".repeat(400), "\u{1F4A9}".repeat(5_000), "\u202Eevil", "e\u0301", "\uFEFFbom"),
  fc.string({ maxLength: 40, unit: "binary" }),
  fc.string({ maxLength: 20, unit: "grapheme" }),
  loneSurrogate,
  fc.constantFrom(deepArray(2_000), deepObject(2_000), deepArray(30)),
  hostileObject,
  fc.integer(),
  fc.double({ noNaN: true }),
);

/** Every path to a value inside a JSON value, the root included (`[]`). */
export function pathsOf(value: unknown, prefix: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  out.push(prefix);
  if (Array.isArray(value)) value.forEach((v, i) => pathsOf(v, [...prefix, i], out));
  else if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) pathsOf(v, [...prefix, k], out);
  return out;
}

/** A structural edit of a valid body, as a function so one generated choice applies to any body. */
export type Edit = { kind: "set"; pick: number; value: unknown } | { kind: "delete"; pick: number } | { kind: "add"; pick: number; key: string; value: unknown };

export const edit: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({ kind: fc.constant("set" as const), pick: fc.nat(), value: mutantValue }),
  fc.record({ kind: fc.constant("delete" as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant("add" as const), pick: fc.nat(), key: fc.oneof(fc.constantFrom<string>(...HOSTILE_KEYS), fc.string({ maxLength: 12 })), value: mutantValue }),
);

/** Applies an edit to a copy of `body` (structuredClone keeps `__proto__` own keys as data). */
export function applyEdit(body: unknown, e: Edit): unknown {
  const paths = pathsOf(body);
  const path = paths[e.pick % paths.length];
  if (path.length === 0 && e.kind === "set") return e.value;
  const copy = structuredClone(body);
  const parentOf = (p: (string | number)[]) => p.slice(0, -1).reduce<any>((o, k) => o[k], copy);
  const define = (obj: any, key: string | number, value: unknown) =>
    Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
  if (e.kind === "set") define(parentOf(path), path[path.length - 1], e.value);
  else if (e.kind === "delete" && path.length > 0) {
    const parent = parentOf(path);
    if (Array.isArray(parent)) parent.splice(Number(path[path.length - 1]), 1);
    else delete parent[path[path.length - 1]];
  } else if (e.kind === "add") {
    const target = path.reduce<any>((o, k) => o[k], copy);
    if (target && typeof target === "object" && !Array.isArray(target)) define(target, e.key, e.value);
    else return copy;
  }
  return copy;
}

/** Edits of the JSON text itself, which no parsed value can express. */
export type TextEdit = "duplicate-key" | "truncate" | "trailing-garbage" | "bad-utf8" | "utf16-bom" | "not-json" | "empty" | "oversize" | "comments";
export const textEdit = fc.constantFrom<TextEdit>("duplicate-key", "truncate", "trailing-garbage", "bad-utf8", "utf16-bom", "not-json", "empty", "comments");

/** Returns the raw request body for a text edit of `json` (bytes where the edit needs them). */
export function applyTextEdit(json: string, e: TextEdit, cut: number): string | Uint8Array<ArrayBuffer> {
  switch (e) {
    case "duplicate-key": {
      const m = /^\{"([^"]+)":/.exec(json);
      return m ? `{"${m[1]}":${JSON.stringify({ dup: [1, "two"] })},${json.slice(1)}` : `{"a":1,"a":2}`;
    }
    case "truncate":
      return json.slice(0, cut % Math.max(json.length, 1));
    case "trailing-garbage":
      return `${json}}]\u0000,`;
    case "bad-utf8": {
      const bytes = new TextEncoder().encode(json);
      const at = Math.min(bytes.length, Math.max(1, cut % Math.max(bytes.length, 1)));
      return new Uint8Array([...bytes.slice(0, at), 0xc3, 0x28, 0xff, 0xfe, 0xed, 0xa0, 0x80, ...bytes.slice(at)]);
    }
    case "utf16-bom":
      return new Uint8Array([0xff, 0xfe, ...Array.from(json).flatMap((ch) => [ch.charCodeAt(0) & 0xff, ch.charCodeAt(0) >> 8])]);
    case "not-json":
      return "dba=x&type=merchant";
    case "empty":
      return "";
    case "oversize":
      return `{"dba":"${"x".repeat(1024 * 1024 + 10)}"}`;
    case "comments":
      return `/* c */ ${json}`;
  }
}

/** Bad values for a path parameter (the id of a resource). */
export const badId = fc.oneof(
  fc.constantFrom("", "x", "%00", "%E0%A4%A", "%", "..%2F..%2F_mock%2Freset", "__proto__", "constructor", "toString", "hasOwnProperty", "CLIENT-", "CLIENT-01JDEM0MERCHANT0000000000O", "null", "undefined", "-1", "1e999", "%F0%9F%92%A9", "a%2Fb", "x".repeat(5_000)),
  fc.string({ maxLength: 30, unit: "grapheme" }).map(encodeURIComponent),
);
