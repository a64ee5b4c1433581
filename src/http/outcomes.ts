import type { Context } from "hono";
import { GatewayError } from "../core/errors.js";
import type { Outcome } from "../scenarios/engine.js";
import { answerJson, answerText } from "./answer.js";
import type { AppEnv } from "./env.js";

/**
 * The generic scenario outcomes, applied by the HTTP pipeline to every operation: `fail` without
 * `created`, `delay_ms` and the `transport` faults. Payment outcomes (`decline`, `set`, `created`,
 * ...) are the services' business; they read `ctx.matched.outcome` themselves.
 */

/** Real latency for `delay_ms`; injected (`createDouble({ sleep })`) so tests need not wait. */
export type Sleep = (ms: number) => Promise<void>;

/**
 * `fail` without `created`: the envelope with that code and status, before the handler runs, so
 * nothing is created ("`SYSTEM_ERROR` never creates anything").
 */
export function failBeforeHandling(outcome: Outcome | undefined): void {
  if (outcome?.fail && outcome.fail.created === undefined) throw ruleError(outcome.fail);
}

/**
 * `fail` with `created`: the handler ran (the payments code creates the transaction with the
 * `created` result) and the caller still gets the envelope: the 502-after-create drill.
 */
export function failAfterHandling(outcome: Outcome | undefined): void {
  if (outcome?.fail && outcome.fail.created !== undefined) throw ruleError(outcome.fail);
}

function ruleError(fail: NonNullable<Outcome["fail"]>): GatewayError {
  return new GatewayError(fail.error, {
    status: fail.status,
    message: fail.message,
    details: fail.details ?? null,
    source: fail.source ? { system: fail.source.system ?? null, code: fail.source.code ?? null, message: fail.source.message ?? null } : null,
  });
}

/**
 * A 502 names the processor the request reached in `source.system` ("the gateway reached the
 * processor"), unless a rule's `fail.source` named one itself (passed through unchanged). Every other
 * error keeps its source: a 500 never reached a processor, so its fields stay null.
 */
export function namingProcessor(e: unknown, system: () => string | null): unknown {
  if (!(e instanceof GatewayError) || e.status !== 502 || (e.source?.system ?? null) !== null) return e;
  const named = system();
  if (named === null) return e;
  const source = { system: named, code: e.source?.code ?? null, message: e.source?.message ?? null };
  return new GatewayError(e.code, { status: e.status, message: e.message, details: e.details, source });
}

/**
 * A connection-level fault in process (`app.request`, a fetch handler): there is no socket to
 * break, so the call rejects the way `fetch` rejects on a broken connection: a `TypeError("fetch
 * failed")` whose `cause` carries the socket error code (`ECONNRESET` for reset,
 * `UND_ERR_SOCKET` for an empty reply) or, for a hang, the caller's abort reason.
 */
export class TransportFault extends TypeError {
  constructor(
    readonly kind: "reset" | "hang" | "empty",
    cause: unknown,
  ) {
    super("fetch failed", { cause });
  }
}

/** Waits `delay_ms` (after every state change: the world changed at arrival). */
export async function delayIfAsked(outcome: Outcome | undefined, sleep: Sleep): Promise<void> {
  if (outcome?.delay_ms) await sleep(outcome.delay_ms);
}

interface NodeSocket {
  destroy(): void;
  resetAndDestroy?: () => void;
}

/**
 * Sends the handler's 200 answer, or breaks it as `transport` asks. Under `@hono/node-server` the
 * socket itself is reset (RST), closed with nothing written (empty reply) or left open until the
 * client gives up (hang); in process the equivalents of {@link TransportFault} are thrown.
 */
export async function deliver(c: Context<AppEnv>, result: unknown, outcome: Outcome | undefined): Promise<Response> {
  const fault = outcome?.transport;
  if (!fault) return answerJson(c, result, 200);
  if (fault === "malformed_json") {
    // A reply cut off half way: the status and content type promise JSON, the body is not JSON.
    const text = JSON.stringify(result);
    const cut = text.slice(0, Math.max(1, Math.floor(text.length / 2)));
    return answerText(c, cut, 200);
  }
  const socket = (c.env as { incoming?: { socket?: NodeSocket } } | undefined)?.incoming?.socket;
  const signal = c.req.raw.signal;
  if (fault === "hang") await aborted(signal);
  if (socket) {
    if (fault === "reset" && socket.resetAndDestroy) socket.resetAndDestroy();
    else socket.destroy();
  }
  // Under node the socket is already gone; the throw still ends the request without an answer
  // and lets the journal record it as a lost reply (status 0), the same in process and on a port.
  if (fault === "hang") throw new TransportFault("hang", signal.reason);
  const cause = Object.assign(new Error(fault === "reset" ? "read ECONNRESET" : "other side closed"), {
    code: fault === "reset" ? "ECONNRESET" : "UND_ERR_SOCKET",
  });
  throw new TransportFault(fault, cause);
}

/** Resolves when the client gives up (its abort signal, or the socket closing under node). */
function aborted(signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) => signal.addEventListener("abort", () => resolve(), { once: true }));
}
