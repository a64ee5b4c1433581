import { Hono } from "hono";
import * as z from "zod";
import { lazy } from "../core/lazy.js";
import { fixtureCredentials } from "../gateway/fixtures.js";
import type { Host } from "../gateway/host.js";
import type { AppEnv } from "../http/env.js";
import { parseWith, readJsonBody } from "../http/validate.js";
import { SPEC_VERSION, VERSION } from "../version.js";
import { mountClock } from "./clock.js";
import { controlGuard } from "./guard.js";
import { mountPaymentHelpers } from "./payments.js";
import { mountQuirks } from "./quirks.js";
import { mountSandboxes } from "./sandboxes.js";
import { mountScenarios } from "./scenarios.js";
import { mountDocs } from "./docs.js";
import { mountExplain } from "./explain.js";
import { mountJournal } from "./journal.js";
import { controlRoute, instant } from "./registry.js";
import { mountLedger } from "./ledger.js";
import { mountActivity } from "./activity.js";
import { mountVerdict } from "./verdict.js";
import { mountEvents } from "./ui/events.js";
import { mountInspector } from "./ui/routes.js";

const seed = lazy(() => z.union([z.string().min(1).max(200), z.number().int()]));
const resetBody = lazy(() => z.object({ seed: seed().optional() }).strict());
const healthAnswer = lazy(() => z
  .object({ status: z.literal("ok"), version: z.string(), spec_version: z.string(), seed: z.string(), now: instant })
  .strict());
const fixturesAnswer = lazy(() => z
  .object({
    clients: z.array(
      z.object({ id: z.string(), api_key: z.string(), type: z.enum(["merchant", "reseller"]), dba: z.string(), parent_id: z.string().nullable() }).strict(),
    ),
  })
  .strict());
const resetAnswer = lazy(() => z.object({ status: z.literal("reset"), seed: z.string(), now: instant }).strict());

/**
 * The `/_mock` control API of one world (PRODUCT.md "The control API"). It needs no key: it is a
 * test tool on a loopback or CI network. Errors use the gateway's envelope.
 *
 * Each further group of control routes lives in its own file exporting `mountX(ctl, host)` and is
 * mounted at the end of this function with one line.
 */
export function buildControlApp(host: Host): Hono<AppEnv> {
  const ctl = new Hono<AppEnv>();
  ctl.use("*", controlGuard);
  mountHealth(ctl);

  controlRoute(ctl, {
    method: "GET", path: "/fixtures", tag: "world", summary: "The fixture credentials to start with",
    description: "Every fixture client with its id, API key, type, dba and parent: what a test sends as `Client-Id` and `Api-Key`.",
    answers: { 200: { description: "The fixture clients", schema: fixturesAnswer } },
  }, (c) => c.json(fixtureCredentials(c.get("world").options.fixtures)));

  controlRoute(ctl, {
    method: "POST", path: "/reset", tag: "world", summary: "Back to the start state",
    description: "Fixtures, start scenarios and the clock's start again; a `seed` starts the world from that seed instead. The body may be omitted.",
    body: resetBody, bodyOptional: true, errors: [400],
    answers: { 200: { description: "The world was reset", schema: resetAnswer } },
  }, async (c) => {
    const body = parseWith(resetBody(), await readJsonBody(c, true), "body");
    const world = host.reset(c.get("sandboxId"), body.seed === undefined ? undefined : String(body.seed));
    return c.json({ status: "reset", seed: world.options.seed, now: world.clock.iso() });
  });

  mountClock(ctl);
  mountExplain(ctl);
  mountScenarios(ctl, host);
  mountQuirks(ctl);
  mountSandboxes(ctl, host);
  mountDocs(ctl);
  mountJournal(ctl, host);
  mountActivity(ctl);
  mountPaymentHelpers(ctl);
  mountLedger(ctl);
  mountVerdict(ctl);
  mountEvents(ctl, host);
  mountInspector(ctl, host);
  return ctl;
}

/** `GET /_mock/health` alone: what `--no-control` still serves, so health checks keep working. */
export function buildHealthApp(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  mountHealth(app);
  return app;
}

function mountHealth(ctl: Hono<AppEnv>): void {
  controlRoute(ctl, {
    method: "GET", path: "/health", tag: "world", summary: "Health, versions, seed and simulated now",
    description: "Answers even with `--no-control`, so a container's health check works in both modes.",
    answers: { 200: { description: "The world is up", schema: healthAnswer } },
  }, (c) => {
    const world = c.get("world");
    return c.json({
      status: "ok",
      version: VERSION,
      spec_version: SPEC_VERSION,
      seed: world.options.seed,
      now: world.clock.iso(),
    });
  });
}
