import type { Hono } from "hono";
import { GatewayError } from "../core/errors.js";
import { authenticate } from "../gateway/auth.js";
import type { Operation, OperationContext } from "../gateway/operation.js";
import { realSleep } from "../core/clock.js";
import type { MatchInput } from "../scenarios/engine.js";
import { nearMisses } from "../scenarios/explain.js";
import type { AppEnv } from "./env.js";
import { processorOf } from "../gateway/processor-of.js";
import { delayIfAsked, deliver, failAfterHandling, failBeforeHandling, namingProcessor, type Sleep } from "./outcomes.js";
import { readInput } from "./validate.js";
import { answerHeader } from "./answer.js";
import { requestHeader } from "./headers.js";
import { headerSafeLabel } from "../scenarios/label.js";

/**
 * Registers one declared operation as a hono route: a linear pipeline with an early exit at each
 * stage (authenticate, read and validate input, match scenarios, run the handler, answer).
 */
export function registerOperation(app: Hono<AppEnv>, op: Operation, options: { sleep?: Sleep } = {}): void {
  const sleep = options.sleep ?? realSleep;
  const rejectsSelf = op.rejectsActingAsSelf ?? op.method === "POST";
  app.on(op.method, op.path, async (c) => {
    const world = c.get("world");
    const facts = c.get("facts");
    facts.operation = op.id;
    const scope = authenticate(world.state, {
      apiKey: requestHeader(c, "api-key"),
      clientId: requestHeader(c, "client-id"),
      actingAs: requestHeader(c, "x-acting-as-client-id"),
    });
    facts.clientId = scope.actor.id;
    // "Sending one's own client id is not the same as omitting the header and is rejected on some
    // operations" (spec Authentication 6): we reject it on every write.
    if (scope.actingAs === "self" && rejectsSelf && world.quirks.acting_as_self_rejected) {
      facts.quirk = "acting_as_self_rejected";
      throw new GatewayError("UNAUTHORIZED_ACTION", { message: "X-Acting-As-Client-Id may not name the caller itself." });
    }
    const { body, query, rawQuery } = readInput(c, op);
    const params = c.req.param() as Record<string, string>;
    // One object of one shape for check and handle (a spread of it per request left the handler's
    // reads of it missing their inline caches on every request).
    const ctx: OperationContext<unknown, unknown> = { world, scope, body, query, params, requestId: c.get("requestId"), matched: null };
    // From here to the handler's end nothing awaits: a quirk noted on the world is this request's.
    world.quirkNoted = null;
    try {
      // World-dependent rejections (an expired card, an unknown id) come before matching too.
      op.check?.(ctx);
    } finally {
      facts.quirk = world.quirkNoted;
    }
    const input: MatchInput = {
      operation: op.id,
      clientId: scope.actor.id,
      body: op.matchView ? op.matchView(world, scope, facts.journalBody) : facts.journalBody,
      query: rawQuery,
      // Called only for a rule on headers: listing them all builds a full Headers object.
      headers: () => c.req.header(),
      params,
    };
    const matched = world.scenarios.match(input);
    // Now, while the counters are as this request left them (free with no scenario files loaded).
    facts.nearMisses = nearMisses(world.scenarios.active, input, matched?.label ?? null);
    // A built-in read-back approval is the gateway's ordinary answer: not reported as shaped.
    if (matched && !matched.readBack) {
      facts.rule = matched.label;
      answerHeader(c, "x-paydouble-rule", headerSafeLabel(matched.label));
    }
    const outcome = matched?.outcome;
    // A 502 names the processor the request would have reached (spec Errors: `source.system`).
    const naming = (e: unknown) => namingProcessor(e, () => processorOf(world, scope, op.id, body, params));
    let result: unknown;
    try {
      failBeforeHandling(outcome);
    } catch (e) {
      await delayIfAsked(outcome, sleep);
      throw naming(e);
    }
    try {
      ctx.matched = matched;
      result = op.handle(ctx);
      facts.handled = result; // for the verdict: a 502 answered after this still created it
    } catch (e) {
      facts.quirk = world.quirkNoted;
      // The handler refused the request: it never reached the rule's effect, so the rule did not
      // fire (no budget spent, no header), as for any rejection before matching.
      world.scenarios.undoLastMatch();
      facts.rule = null;
      answerHeader(c, "x-paydouble-rule", undefined);
      throw naming(e);
    }
    facts.quirk = world.quirkNoted;
    try {
      failAfterHandling(outcome);
    } catch (e) {
      await delayIfAsked(outcome, sleep);
      throw naming(e);
    }
    // State changed at arrival (above); only the answer waits (DESIGN "Determinism").
    await delayIfAsked(outcome, sleep);
    return deliver(c, result, outcome);
  });
}
