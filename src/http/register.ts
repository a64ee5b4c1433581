import type { Hono } from "hono";
import { GatewayError } from "../core/errors.js";
import { authenticate } from "../gateway/auth.js";
import type { Operation } from "../gateway/operation.js";
import { realSleep } from "../core/clock.js";
import type { MatchInput } from "../scenarios/engine.js";
import type { AppEnv } from "./env.js";
import { delayIfAsked, deliver, failAfterHandling, failBeforeHandling, type Sleep } from "./outcomes.js";
import { parseWith, readJsonBody } from "./validate.js";

/**
 * Registers one declared operation as a hono route: a linear pipeline with an early exit at each
 * stage (authenticate, read and validate input, match scenarios, run the handler, answer).
 */
export function registerOperation(app: Hono<AppEnv>, op: Operation, options: { sleep?: Sleep } = {}): void {
  const sleep = options.sleep ?? realSleep;
  const rejectsSelf = op.rejectsActingAsSelf ?? op.method === "POST";
  app.on(op.method, op.path, async (c) => {
    const world = c.get("world");
    c.set("operation", op.id);
    const scope = authenticate(world.state, {
      apiKey: c.req.header("api-key"),
      clientId: c.req.header("client-id"),
      actingAs: c.req.header("x-acting-as-client-id"),
    });
    c.set("clientId", scope.actor.id);
    // "Sending one's own client id is not the same as omitting the header and is rejected on some
    // operations" (spec Authentication 6): we reject it on every write.
    if (scope.actingAs === "self" && rejectsSelf && world.quirks.acting_as_self_rejected) {
      throw new GatewayError("UNAUTHORIZED_ACTION", { message: "X-Acting-As-Client-Id may not name the caller itself." });
    }
    let body: unknown;
    if (op.body) {
      const raw = await readJsonBody(c, op.bodyOptional ?? false);
      c.set("journalBody", raw);
      body = parseWith(op.body, raw, "body");
    }
    const rawQuery = c.req.query();
    const query = op.query ? parseWith(op.query, rawQuery, "query") : undefined;
    const params = c.req.param() as Record<string, string>;
    const input: MatchInput = {
      operation: op.id,
      clientId: scope.actor.id,
      body: op.matchView ? op.matchView(world, scope, c.get("journalBody")) : c.get("journalBody"),
      query: rawQuery,
      // Called only for a rule on headers: listing them all builds a full Headers object.
      headers: () => c.req.header(),
      params,
    };
    // Before matching, which spends budgets; only when a file of the user's own is active.
    if (world.scenarios.hasOwnRules()) c.set("nearMisses", world.scenarios.explain(input).near_misses);
    const matched = world.scenarios.match(input);
    if (matched) {
      c.set("rule", matched.label);
      c.header("x-paydouble-rule", matched.label); // before the answer exists (see app.ts)
    }
    const outcome = matched?.outcome;
    let result: unknown;
    try {
      failBeforeHandling(outcome);
      result = op.handle({
        world,
        scope,
        body,
        query,
        params,
        matched,
        requestId: c.get("requestId"),
      });
      failAfterHandling(outcome);
    } catch (e) {
      await delayIfAsked(outcome, sleep);
      throw e;
    }
    // State changed at arrival (above); only the answer waits (DESIGN "Determinism").
    await delayIfAsked(outcome, sleep);
    return deliver(c, result, outcome);
  });
}
