import type { Hono } from "hono";
import * as z from "zod";
import { lazy } from "../core/lazy.js";
import { GatewayError } from "../core/errors.js";
import type { ClientScope } from "../gateway/auth.js";
import { OPERATIONS } from "../gateway/operations.js";
import type { World } from "../gateway/world.js";
import type { AppEnv } from "../http/env.js";
import { parseWith, readJsonBody } from "../http/validate.js";
import type { MatchInput } from "../scenarios/engine.js";
import { explain } from "../scenarios/explain.js";
import { controlRoute } from "./registry.js";
import { nearest } from "../core/nearest.js";

const record = lazy(() => z.record(z.string(), z.string()));

const explainBody = lazy(() => z
  .object({
    operation: z.string().min(1),
    /** The client the request acts for (after `X-Acting-As-Client-Id`). */
    client: z.string().min(1).max(64).optional(),
    body: z.unknown().optional(),
    query: record().optional(),
    headers: record().optional(),
    params: record().optional(),
  })
  .strict());

const nearMiss = lazy(() => z.object({ rule: z.string(), reason: z.string() }).strict());
const explainAnswer = lazy(() => z
  .object({
    matched: z.object({ rule: z.string(), outcome: z.record(z.string(), z.unknown()), chance: z.number().optional() }).strict().nullable(),
    near_misses: z.array(nearMiss()),
  })
  .strict());

/**
 * `POST /_mock/scenarios/explain`: which rule a request would meet, and for the closest rules that
 * would not, the first condition that fails. It changes nothing: no counter moves, no budget is
 * spent, no `chance` draw is made (a rule with `chance` is reported as matching, with its
 * `chance`, when everything else allows it).
 */
export function mountExplain(ctl: Hono<AppEnv>): void {
  controlRoute(ctl, {
    method: "POST", path: "/scenarios/explain", tag: "scenarios", summary: "Which rule a request would meet, and why the closest others would not",
    description: "Changes nothing: no counter moves, no budget is spent, no `chance` is drawn (a `chance` rule is reported as matching, with its `chance`). `near_misses` name the first condition that failed, as the journal does.",
    body: explainBody, errors: [400],
    answers: { 200: { description: "The verdict", schema: explainAnswer } },
  }, async (c) => {
    const req = parseWith(explainBody(), await readJsonBody(c, false), "body");
    const op = OPERATIONS.find((o) => o.id === req.operation);
    if (!op) {
      const guess = nearest(req.operation, OPERATIONS.map((o) => o.id));
      const hint = guess ? `; did you mean ${guess}?` : "";
      throw new GatewayError("INVALID_REQUEST_DATA", { details: { operation: `is not an operation id${hint}` } });
    }
    const world = c.get("world");
    const headers = req.headers ?? {};
    const input: MatchInput = {
      operation: op.id,
      clientId: req.client ?? null,
      body: op.matchView && req.body !== undefined ? matchViewFor(world, req.client, req.body, op.matchView) : req.body,
      query: req.query ?? {},
      headers: () => headers,
      params: req.params ?? {},
    };
    return c.json(explain(world.scenarios.active, input));
  });
}

/** The body as the matcher sees it on `/v1` (a token payment shows its vaulted card), for a known client. */
function matchViewFor(world: World, clientId: string | undefined, body: unknown, view: (w: World, s: ClientScope, raw: unknown) => unknown): unknown {
  const client = clientId === undefined ? undefined : world.state.clients.get(clientId);
  return client ? view(world, { caller: client, actor: client, actingAs: "none" }, body) : body;
}
