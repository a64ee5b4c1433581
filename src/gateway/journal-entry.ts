import type { NearMiss, PendingNearMiss } from "../scenarios/explain.js";

/** One answered `/v1` request, with its secrets masked. */
export interface JournalEntry {
  seq: number;
  /** Simulated arrival instant. */
  at: string;
  request_id: string;
  method: string;
  path: string;
  /** The query string's parameters (the first value of a repeated name). */
  query: Record<string, string>;
  operation: string | null;
  client_id: string | null;
  /** 0 when no answer was sent (a scenario's `transport` fault). */
  status: number;
  /** The envelope's `error_code` on a 4xx/5xx answer, else null. */
  error_code: string | null;
  /**
   * `<scenario>/<rule>` of the rule that shaped the answer, as in `x-paydouble-rule`: a scenario
   * file's rule, or a built-in magic value that changed the outcome (`builtin/...`). Null for the
   * gateway's ordinary answer, the built-in read-back approvals included (see `Matched.readBack`).
   */
  rule: string | null;
  /** The spec quirk (`GET /_mock/quirks`) that shaped the answer, when one did. */
  quirk: string | null;
  /** The request headers replay sends again (credentials, content type, `x-` headers), lower-case, secrets masked. */
  request_headers: Record<string, string>;
  /** The headers paydouble set on the answer (the server adds `date`, `content-length` and `connection` on the wire). */
  response_headers: Record<string, string>;
  /** Up to three rules of the loaded scenario files that came closest to matching. */
  near_misses: readonly NearMiss[];
  /** The request body as sent (parsed JSON), or null. */
  body: unknown;
  /** The answer body (parsed JSON, or the text when it is not JSON), a cut marker, or null. */
  response: unknown;
}

/** What the pipeline hands over: the raw request body, the URL and the answer text. */
export type JournalRecord = Omit<JournalEntry, "seq" | "body" | "query" | "response" | "near_misses" | "quirk" | "request_headers" | "response_headers"> & {
  quirk?: string | null;
  /** The request headers as the replay log keeps them (masked when the entry is read). */
  headers?: Record<string, string>;
  body: unknown;
  /**
   * The text `body` was parsed from (it is exactly `JSON.parse` of it), when it was: kept instead of
   * the parsed value, one string where the parse was a tree of objects, and parsed when read.
   */
  body_text?: string;
  /** The full request URL; its query is parsed when the entry is read. */
  url: string;
  /** The answer body's text as sent (undefined: no answer, or an empty one). */
  answer: string | undefined;
  /** Ranked at match time; their reasons are formatted when the entry is read. */
  near_misses?: readonly PendingNearMiss[];
  /** The request body's text length, for the byte bound (the body itself is parsed). */
  size?: number;
  /** A refused request's query string that was not kept (bytes): shown as a marker in `query`. */
  query_bytes?: number;
};
