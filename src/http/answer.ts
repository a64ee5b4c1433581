import type { Context } from "hono";
import { sortNames } from "../core/sort-names.js";
import type { AppEnv } from "./env.js";
import { jsonText } from "../core/json-text.js";

const JSON_TYPE = { "Content-Type": "application/json" } as const;

/**
 * Sets (or, with `undefined`, removes) a header of a `/v1` answer. A `/v1` request's headers are
 * kept in a plain object and written with the answer (see {@link answerJson}): `c.header()` would
 * build an undici `Headers` per request, and hono then copies it into another. Every header of a
 * `/v1` answer goes through here; `c.header()` stays for the control API's answers.
 */
export function answerHeader(c: Context<AppEnv>, name: string, value: string | undefined): void {
  const headers = c.get("facts")?.answerHeaders;
  if (!headers) {
    if (value === undefined) c.header(name, undefined);
    else c.header(name, value);
  } else if (value === undefined) delete headers[name];
  else headers[name] = value;
}

/**
 * Answers JSON exactly as `c.json` does (same bytes, same header; the text by core/json-text.ts)
 * and keeps the text for the journal: the string is built once for the wire anyway, and the
 * journal parses and masks it only when the entry is read.
 */
export function answerJson(c: Context<AppEnv>, value: unknown, status: number): Response {
  return answerText(c, jsonText(value), status);
}

/** A JSON text answered as is (also a reply cut short: `transport: malformed_json`). */
export function answerText(c: Context<AppEnv>, text: string, status: number): Response {
  const facts = c.get("facts");
  if (facts) facts.answer = text;
  const headers = facts?.answerHeaders;
  if (!headers) return c.body(text, status as 200, JSON_TYPE);
  return new Response(text, { status, headers: wireHeaders(c, headers, text) });
}

/**
 * The same header lines, in the same order, as hono and @hono/node-server write from a `Headers`
 * object: lower-case names sorted, then `Content-Length` (only behind node's server; a Response
 * in process has none, as before). A plain object is written by the adapter without a `Headers`.
 */
function wireHeaders(c: Context<AppEnv>, headers: Record<string, string>, text: string): Record<string, string> {
  const out: Record<string, string> = {};
  const names = Object.keys(headers);
  names.push("content-type");
  sortNames(names);
  for (const n of names) out[n] = n === "content-type" ? "application/json" : headers[n];
  if ((c.env as { incoming?: unknown } | undefined)?.incoming) out["Content-Length"] = String(Buffer.byteLength(text));
  return out;
}
