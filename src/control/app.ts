import { Hono } from "hono";
import { z } from "zod";
import { fixtureCredentials } from "../gateway/fixtures.js";
import type { Host } from "../gateway/host.js";
import type { AppEnv } from "../http/env.js";
import { parseWith, readJsonBody } from "../http/validate.js";
import { SPEC_VERSION, VERSION } from "../version.js";
import { mountClock } from "./clock.js";
import { mountPaymentHelpers } from "./payments.js";
import { mountQuirks } from "./quirks.js";
import { mountSandboxes } from "./sandboxes.js";
import { mountScenarios } from "./scenarios.js";
import { mountDocs } from "./docs.js";
import { mountExplain } from "./explain.js";
import { mountJournal } from "./journal.js";
import { mountLedger } from "./ledger.js";
import { mountEvents } from "./ui/events.js";
import { mountInspector } from "./ui/routes.js";

const resetBody = z.object({ seed: z.union([z.string().min(1).max(200), z.number().int()]).optional() }).strict();

/**
 * The `/_mock` control API of one world (PRODUCT.md "The control API"). It needs no key: it is a
 * test tool on a loopback or CI network. Errors use the gateway's envelope.
 *
 * Each further group of control routes lives in its own file exporting `mountX(ctl, host)` and is
 * mounted at the end of this function with one line.
 */
export function buildControlApp(host: Host): Hono<AppEnv> {
  const ctl = new Hono<AppEnv>();

  ctl.get("/health", (c) => {
    const world = c.get("world");
    return c.json({
      status: "ok",
      version: VERSION,
      spec_version: SPEC_VERSION,
      seed: world.options.seed,
      now: world.clock.iso(),
    });
  });

  ctl.get("/fixtures", (c) => c.json(fixtureCredentials(c.get("world").options.fixtures)));

  ctl.post("/reset", async (c) => {
    const body = parseWith(resetBody, await readJsonBody(c, true), "body");
    const world = host.reset(c.get("sandboxId"), body.seed === undefined ? undefined : String(body.seed));
    return c.json({ status: "reset", seed: world.options.seed, now: world.clock.iso() });
  });

  mountClock(ctl);
  // Before any `/scenarios/:name` route, so `explain` is never taken for a scenario name.
  mountExplain(ctl);
  mountScenarios(ctl);
  mountQuirks(ctl);
  mountSandboxes(ctl, host);
  mountDocs(ctl);
  mountJournal(ctl, host);
  mountPaymentHelpers(ctl);
  mountLedger(ctl);
  mountEvents(ctl, host);
  mountInspector(ctl, host);
  return ctl;
}
