import { Hono } from "hono";
import { buildControlApp, buildHealthApp } from "../control/app.js";
import { faviconAnswer, worldPrefix } from "../control/ui/routes.js";
import { GatewayError } from "../core/errors.js";
import { maskPath } from "../core/mask.js";
import type { Host } from "../gateway/host.js";
import { OPERATIONS } from "../gateway/operations.js";
import { BODY_LIMIT, readCappedBody } from "./body.js";
import { afterChange, arrival, drawRequestId, recordRequest, refusedBodyMarker, refusedUrl, refuseRequest, searchOf, type Dropped } from "./changes.js";
import type { AppEnv, RequestFacts } from "./env.js";
import type { JournalListener } from "../gateway/journal.js";
import { elapsedMs, monotonicMs } from "../core/wall.js";
import { answerHeader, answerJson } from "./answer.js";
import { requestHeader } from "./headers.js";
import { controlArrival, controlDone, createdDespiteError } from "./activity.js";
import { NO_WORLD_REQUEST_ID, toEnvelope, unknownRoute } from "./errors.js";
import { TransportFault, type Sleep } from "./outcomes.js";
import { registerOperation } from "./register.js";
import { MemoTrieRouter } from "./router.js";
import { hostRule, refusal } from "./trust.js";
import { Verdict } from "../verdict/verdict.js";

/** Control POSTs that change nothing: they do not wake the inspector's live stream. */
const READ_ONLY_POSTS = new Set(["/_mock/scenarios/explain"]);

const SANDBOX_PATH = /^\/sandboxes\/([^/]+)(?=\/|$)/;

export interface AppOptions {
  /** Serve the `/_mock` control API (default true; `--no-control` turns it off). */
  control?: boolean;
  /** Called with each journal entry (secrets masked) and its wall-clock latency as it is recorded: `--log`. */
  onRequest?: JournalListener;
  /** Real delay for scenario `delay_ms` (default: a timer); tests inject their own. */
  sleep?: Sleep;
  /** Host names accepted besides the built-in ones (`--allowed-hosts`; see http/trust.ts). */
  allowedHosts?: readonly string[];
  /** Where coverage and conduct are recorded (default: a new one); false records nothing. */
  verdict?: Verdict | false;
  /** A monotonic clock in ms for the audit's retry gaps (default: the wall clock); tests inject one. */
  wallClock?: () => number;
}

/**
 * Assembles the server: world selection (default world or a sandbox by path prefix), request ids,
 * the tick and journal of `/v1` requests, the operations, the control API and the one error mapper.
 */
export function createApp(host: Host, options: AppOptions = {}): Hono<AppEnv> {
  const app = new Hono<AppEnv>({ router: new MemoTrieRouter() });
  const allowedHost = hostRule(options.allowedHosts);
  const verdict = options.verdict === false ? undefined : (options.verdict ?? new Verdict(host));

  app.use("*", async (c, next) => {
    // Before anything else: a rebound name or a cross-site page reaches no world (no id drawn, no tick).
    const refused = refusal(c, allowedHost);
    if (refused) return c.json(toEnvelope(new GatewayError("UNAUTHORIZED_ACTION", refused), NO_WORLD_REQUEST_ID).body, 403, { "x-request-id": NO_WORLD_REQUEST_ID });
    const started = monotonicMs(); // wall time, for the live latency only (never journaled)
    const arrivedMs = options.wallClock ? options.wallClock() : started; // the audit's retry gaps
    // The body first: a request reaches its world (id, tick, change) only once it is whole, so a
    // body arriving late cannot take an earlier id than a request applied before it.
    let body: string | null = null;
    let bodyError: unknown = null;
    try {
      body = await readCappedBody(c);
    } catch (e) {
      bodyError = e;
    }
    const m = SANDBOX_PATH.exec(c.req.path);
    const sandboxId = m ? decodePathSegment(m[1]) : null;
    const world = host.world(sandboxId) ?? host.root;
    const requestId = drawRequestId(world);
    const facts: RequestFacts = {
      bodyText: body, operation: null, clientId: null, rule: null, quirk: null, requestHeaders: undefined, journalBody: undefined,
      answerHeaders: undefined, answer: undefined, errorCode: undefined, nearMisses: undefined, handled: undefined, verdict,
    };
    c.set("world", world);
    c.set("sandboxId", sandboxId);
    c.set("requestId", requestId);
    c.set("facts", facts);
    if (m && !host.world(sandboxId)) {
      const { status, body } = toEnvelope(new GatewayError("RESOURCE_NOT_FOUND", { message: `No sandbox ${maskPath(sandboxId ?? "")}.` }), requestId);
      return c.json(body, status as 404, { "x-request-id": requestId });
    }
    const gateway = c.req.path.slice(m ? m[0].length : 0).startsWith("/v1");
    // Set before the answer exists: a header added to a finished response makes hono rebuild it
    // around a stream body, which costs @hono/node-server its fast path (a third of a request). A
    // `/v1` answer's headers are a plain object written with it (answer.ts).
    if (gateway) facts.answerHeaders = { "x-request-id": requestId };
    else c.header("x-request-id", requestId);
    if (gateway) world.tick();
    const localPath = c.req.path.slice(m ? m[0].length : 0) || "/";
    const arrived = arrival(world);
    // The simulated instant a client must build its time windows from (`Date` stays wall time, as HTTP says).
    if (gateway) answerHeader(c, "x-paydouble-now", arrived.at);
    if (bodyError) {
      // The body never arrived whole: over the size limit (its 400), or the client went away (no
      // answer: status 0). Nothing of it is kept; the request still ticked and drew its id.
      if (gateway) {
        const refusal = bodyError instanceof GatewayError ? { status: bodyError.status, error_code: bodyError.code } : { status: 0, error_code: null };
        const bytes = Number(requestHeader(c, "content-length") ?? 0) || BODY_LIMIT + 1;
        world.recordChange({ kind: "request", method: c.req.method, path: localPath + searchOf(c.req.url), headers: {}, body: null, ...arrived, refused: { ...refusal, operation: null, client_id: null, bytes } });
        facts.errorCode = refusal.error_code ?? undefined;
        record(refusal.status, refusedBodyMarker(bytes));
      }
      throw bodyError;
    }
    const index = gateway ? recordRequest(c, world, localPath, arrived, body) : -1;
    const control = !gateway && localPath.startsWith("/_mock/") ? controlArrival(world, c.req.method, localPath) : null;
    const transactionsBefore = world.state.transactions.size;
    try {
      await next();
    } catch (e) {
      // A transport fault in process: journal it (status 0, no answer), then let the call reject.
      if (gateway && e instanceof TransportFault) record(0);
      throw e;
    }
    if (!gateway) {
      if (localPath.startsWith("/_mock")) afterChange(c, host, world, localPath, arrived, body);
      if (control) controlDone(c, host, world, localPath, control, body);
      // A control write that changed the world wakes the inspector's live stream.
      if (c.req.method !== "GET" && c.res.status < 400 && localPath.startsWith("/_mock/") && !READ_ONLY_POSTS.has(localPath)) host.notify(sandboxId);
      return;
    }
    const dropped = refuseRequest(c, world, index, localPath, body, c.res.status);
    const entry = record(c.res.status, dropped?.body ? refusedBodyMarker(dropped.body) : undefined, dropped);
    if (c.res.status >= 400) createdDespiteError(world, facts.clientId, transactionsBefore, entry.seq);

    function record(status: number, marker?: string, dropped: Dropped | null = null) {
      const cut = marker !== undefined || dropped !== null;
      const live = { latency_ms: elapsedMs(started), sandbox_id: sandboxId };
      const entry = world.journal.record(
        {
          at: arrived.at, // the arrival instant, also for a reply held by delay_ms
          request_id: requestId,
          method: c.req.method,
          path: maskPath(localPath), // world-local: two sandboxes of one seed journal the same bytes
          url: refusedUrl(c.req.url, dropped),
          query_bytes: dropped?.query || undefined,
          operation: facts.operation,
          client_id: facts.clientId,
          status,
          error_code: status === 0 ? null : (facts.errorCode ?? null),
          rule: facts.rule,
          quirk: marker === undefined ? facts.quirk : null,
          headers: facts.requestHeaders,
          // A refused body that was not kept keeps no answer or near misses either: replay, which
          // does not resend it, journals the same entry.
          near_misses: cut ? undefined : facts.nearMisses,
          body: marker ?? (cut ? null : facts.journalBody),
          // A parsed JSON body was parsed from this text (validate.ts): the journal keeps the text.
          body_text: marker === undefined && !cut && facts.journalBody !== undefined && body !== null && body.trim() !== "" ? body : undefined,
          size: body?.length,
          answer: status === 0 || cut ? undefined : facts.answer,
        },
        live,
      );
      if (options.onRequest) options.onRequest(world.journal.masked(entry), live);
      // After the journal, outside it: wall-clock instants go to the audit's retry gaps only.
      if (verdict) {
        const actingAs = requestHeader(c, "x-acting-as-client-id");
        verdict.observe({
          sandboxId, world, entry, url: c.req.url, body: facts.journalBody, result: facts.handled, answer: facts.answer,
          actingAs, clientIdHeader: actingAs === undefined ? undefined : requestHeader(c, "client-id"), arrivedMs, answeredMs: options.wallClock ? options.wallClock() : monotonicMs(),
        });
      }
      return entry;
    }
  });

  const worldApp = new Hono<AppEnv>();
  for (const op of OPERATIONS) registerOperation(worldApp, op, { sleep: options.sleep });
  if (options.control !== false) {
    worldApp.route("/_mock", buildControlApp(host));
    // The front door of a world is its inspector (PRODUCT.md); without the control API it stays a 404.
    worldApp.get("/", (c) => c.redirect(`${worldPrefix(c.get("sandboxId"))}/_mock/ui`, 302));
    // Browsers ask every page's origin for it: an icon instead of a 404 in every console.
    worldApp.get("/favicon.ico", () => faviconAnswer());
  } else {
    worldApp.route("/_mock", buildHealthApp());
  }

  app.route("/sandboxes/:sandboxId", worldApp);
  app.route("/", worldApp);

  app.notFound((c) => {
    // The world-local path (`/v1/...`), so two sandboxes of one seed answer the same bytes.
    const localPath = c.req.path.replace(SANDBOX_PATH, "") || "/";
    const { status, body } = toEnvelope(unknownRoute(c.req.method, localPath), c.get("requestId") ?? "");
    const facts = c.get("facts");
    if (facts) facts.errorCode = body.error_code;
    return answerJson(c, body, status);
  });
  app.onError((err, c) => {
    if (err instanceof TransportFault) throw err; // no answer at all: the caller's fetch rejects
    const { status, body } = toEnvelope(err, c.get("requestId") ?? "");
    const facts = c.get("facts");
    if (facts) facts.errorCode = body.error_code;
    return answerJson(c, body, status);
  });
  return app;
}

/** A path segment decoded; a malformed escape (`%E0%A4%A`) stays as sent, so it names no sandbox (404, not 500). */
function decodePathSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
