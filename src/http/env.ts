import type { NearMiss } from "../gateway/journal.js";
import type { World } from "../gateway/world.js";

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
    /** The answer body, for the journal (set where the answer is built). */
    answerBody: unknown;
    /** Rules that nearly shaped this request (set before matching). */
    nearMisses: NearMiss[] | undefined;
  };
}
