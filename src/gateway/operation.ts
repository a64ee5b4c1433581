import type { z } from "zod";
import type { Built, SchemaRef } from "../core/lazy.js";
import type { ClientScope } from "./auth.js";
import type { World } from "./world.js";
import type { Matched } from "../scenarios/engine.js";

/** Everything a handler gets: the world, the resolved scope and the validated input. */
export interface OperationContext<B, Q> {
  world: World;
  scope: ClientScope;
  body: B;
  query: Q;
  params: Record<string, string>;
  /** The scenario rule that matched this request, if any. */
  matched: Matched | null;
  /** This request's id; it is also the `correlation_id` of the bodies that carry one. */
  requestId: string;
}

/**
 * One `/v1` operation, declared as data: the HTTP layer registers it (auth, validation, scenario
 * match, envelope) and the OpenAPI document is generated from the same schemas.
 */
export interface Operation<B = unknown, Q = unknown> {
  /** The spec's operation id (`createTransaction`), also used by scenario matchers. */
  id: string;
  method: "GET" | "POST";
  /** Hono path form, e.g. `/v1/clients/:clientId`. */
  path: string;
  summary: string;
  /** What the operation does and every rule it enforces that the schemas cannot say (OpenAPI `description`). */
  description: string;
  /** The body's schema, or the function that builds it at the route's first parse (`lazy`). */
  body?: SchemaRef<B>;
  /** Whether the body may be omitted (capture); validated as `{}` then. */
  bodyOptional?: boolean;
  /** The query's schema, or the function that builds it at the route's first parse (`lazy`). */
  query?: SchemaRef<Q>;
  /**
   * The 200 body's schema, or the function that builds it (`lazy`): only the OpenAPI document and the
   * tests read it, since an answer is the object toWire returns and is never parsed, so the resource
   * files build theirs on first use and a start builds none.
   */
  response: SchemaRef;
  /** The error statuses the operation declares (OpenAPI). */
  errors: readonly number[];
  /** Acting as oneself is rejected here (quirk `acting_as_self_rejected`). */
  rejectsActingAsSelf?: boolean;
  /**
   * The body scenario rules match against, when it is not the body as sent: a token payment shows
   * the vaulted card's `pan` / account's `account_number` so magic values follow the instrument.
   * For matching only: never answered, never journaled.
   */
  matchView?(world: World, scope: ClientScope, raw: unknown): unknown;
  /**
   * Rejections that need the world (an expired card, an unknown id), run BEFORE scenario matching so
   * a refused request never spends a rule's budget. Must not change the world; throws the envelope.
   */
  check?(ctx: Omit<OperationContext<B, Q>, "matched">): void;
  /** Returns the wire body of the 200 response. */
  handle(ctx: OperationContext<B, Q>): unknown;
}

/** Declares an operation with its body and query types inferred from the schemas. */
export function defineOperation<BS extends SchemaRef = z.ZodType<undefined>, QS extends SchemaRef = z.ZodType<undefined>>(
  op: Omit<Operation<z.output<Built<BS>>, z.output<Built<QS>>>, "body" | "query"> & { body?: BS; query?: QS },
): Operation {
  return op as unknown as Operation;
}
