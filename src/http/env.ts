import type { PendingNearMiss } from "../scenarios/explain.js";
import type { World } from "../gateway/world.js";
import type { Verdict } from "../verdict/verdict.js";

/**
 * What the pipeline's stages hand each other about one request, in one object of one shape: hono
 * keeps a context's variables in a Map, which fourteen of them made grow twice per request (about
 * 1 KB of garbage and a Map write or read each).
 */
export interface RequestFacts {
  /** The request body's text as read before routing (null: a GET or HEAD). */
  bodyText: string | null;
  operation: string | null;
  clientId: string | null;
  rule: string | null;
  /** The spec quirk that shaped the answer (`GET /_mock/quirks`), for the journal. */
  quirk: string | null;
  /** The request headers the replay log keeps (credentials, content type, `x-`), for the journal. */
  requestHeaders: Record<string, string> | undefined;
  /** The parsed request body, for the journal and scenario matchers. */
  journalBody: unknown;
  /** A `/v1` answer's headers besides its content type (set with `answerHeader`); unset for control answers. */
  answerHeaders: Record<string, string> | undefined;
  /** The answer body's text, for the journal (set by `answerJson`; unset for other answers). */
  answer: string | undefined;
  /** The envelope's `error_code` of an error answer, for the journal. */
  errorCode: string | undefined;
  /** Why the loaded scenario rules ahead of the matched one (or all of them) did not match. */
  nearMisses: readonly PendingNearMiss[] | undefined;
  /** The handler's wire answer when it ran (also under a 502 answered after it): coverage and audit. */
  handled: unknown;
  /** The server's coverage and conduct record (src/verdict); undefined when turned off. */
  verdict: Verdict | undefined;
}

/** Per-request values of the hono context. */
export interface AppEnv {
  Variables: {
    world: World;
    /** Null for the default world. */
    sandboxId: string | null;
    requestId: string;
    /** Set by the pipeline before any route runs; absent only for a request refused before it (http/trust.ts). */
    facts: RequestFacts;
  };
}
