import type { PendingNearMiss } from "../scenarios/explain.js";
import type { World } from "../gateway/world.js";
import type { Verdict } from "../verdict/verdict.js";

/** Per-request values the pipeline stages hand to each other. */
export interface AppEnv {
  Variables: {
    world: World;
    /** Null for the default world. */
    sandboxId: string | null;
    requestId: string;
    operation: string | null;
    clientId: string | null;
    rule: string | null;
    /** The parsed request body, for the journal and scenario matchers. */
    journalBody: unknown;
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
  };
}
