/**
 * Rule labels in the `x-paydouble-rule` header (issue 11 item 8). A header value may carry only
 * visible ASCII, space and tab; a rule name may be any text without control characters (the loader
 * refuses those). Every byte outside printable ASCII, and `%` itself, is percent-encoded as UTF-8,
 * so `decline → 05` is sent as `decline %E2%86%92 05` and `decodeURIComponent` gives the name back.
 * Journal entries and `GET /_mock/scenarios` keep the label as written.
 */
export function headerSafeLabel(label: string): string {
  const text = label.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, "\ufffd");
  return /^[\x20-\x24\x26-\x7e]*$/.test(text) ? text : text.replace(/[^\x20-\x24\x26-\x7e]+/gu, (s) => encodeURIComponent(s));
}

/** Control characters (C0, DEL, C1, line and paragraph separators): refused in rule names at load. */
export const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/u;
