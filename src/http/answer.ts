import type { Context } from "hono";
import type { AppEnv } from "./env.js";

const JSON_TYPE = { "Content-Type": "application/json" } as const;

/**
 * Answers JSON exactly as `c.json` does (same bytes, same header) and keeps the text for the
 * journal: the string is built once for the wire anyway, and the journal parses and masks it only
 * when the entry is read.
 */
export function answerJson(c: Context<AppEnv>, value: unknown, status: number): Response {
  const text = JSON.stringify(value);
  c.set("answer", text);
  return c.body(text, status as 200, JSON_TYPE);
}
