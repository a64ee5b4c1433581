/**
 * The query parameters of a request URL by name, in a null-prototype object (`__proto__` is a name
 * like any other). A repeated name keeps its first value (`first`, what the journal shows) or the
 * comma list of all of them (`join`, what the operations read: `type=SALE&type=AUTH` is `SALE,AUTH`).
 */
export function queryParams(url: string, repeated: "first" | "join"): Record<string, string> {
  const out: Record<string, string> = Object.create(null);
  const q = url.indexOf("?");
  if (q < 0) return out;
  const hash = url.indexOf("#", q);
  for (const [k, v] of new URLSearchParams(url.slice(q + 1, hash < 0 ? undefined : hash))) {
    if (!(k in out)) out[k] = v;
    else if (repeated === "join") out[k] = `${out[k]},${v}`;
  }
  return out;
}
