import type { Context, Hono } from "hono";
import { GatewayError } from "../../core/errors.js";
import { fixtureCredentials } from "../../gateway/fixtures.js";
import type { Host } from "../../gateway/host.js";
import type { AppEnv } from "../../http/env.js";
import { clockData } from "../clock.js";
import { filterEntries, parseRequestsQuery } from "../journal.js";
import { allBatches, allTransactions } from "../ledger.js";
import { magicValues, quirkRows } from "../quirks.js";
import { sandboxList } from "../sandboxes.js";
import { controlRoute } from "../registry.js";
import { CLIENT_JS } from "./client.js";
import { LogView } from "./log.js";
import { BatchesView, TransactionsView } from "./ledger.js";
import { Page, VIEWS, type ViewName } from "./page.js";
import { ReferenceView, SandboxesView } from "./reference.js";
import { STYLE } from "./style.js";
import { ClockView, ScenariosView } from "./world.js";
import { VerdictView } from "./verdict.js";

/** The root of a world's paths: "" for the default world, `/sandboxes/{id}` for a sandbox. */
export function worldPrefix(sandboxId: string | null): string {
  return sandboxId === null ? "" : `/sandboxes/${encodeURIComponent(sandboxId)}`;
}

/**
 * The inspector, `GET /_mock/ui` in every world: the page, its script and style (served from here:
 * no CDN, works offline), and one HTML fragment per view. Each fragment renders the data the
 * matching JSON control route returns, from the same function; the page's buttons call those
 * documented routes, so the page can do nothing the control API cannot.
 */
export function mountInspector(ctl: Hono<AppEnv>, host: Host): void {
  const asset = (path: string, summary: string, media: string) => ({ method: "GET" as const, path, tag: "inspector", summary, description: "Served by paydouble itself (no CDN).", answers: { 200: { description: summary, media } } });
  controlRoute(ctl, {
    method: "GET", path: "/ui", tag: "inspector", summary: "The inspector page",
    description: "A live page of this world: requests, transactions, batches, clock, scenarios, quirks, credentials and sandboxes. Every button calls a documented /_mock route. `GET /` redirects here.",
    answers: { 200: { description: "The page", media: "text/html" } },
  }, (c) => {
    const sandboxId = c.get("sandboxId");
    const page = <Page mock={`${worldPrefix(sandboxId)}/_mock`} world={sandboxId ?? "root"} seed={c.get("world").options.seed} />;
    return c.html(`<!doctype html>${page}`);
  });
  controlRoute(ctl, asset("/ui/client.js", "The inspector's script", "text/javascript"), (c) => c.body(CLIENT_JS, 200, { "content-type": "text/javascript; charset=utf-8", "cache-control": "no-cache" }));
  controlRoute(ctl, asset("/ui/style.css", "The inspector's style sheet", "text/css"), (c) => c.body(STYLE, 200, { "content-type": "text/css; charset=utf-8", "cache-control": "no-cache" }));
  controlRoute(ctl, {
    method: "GET", path: "/ui/views/:view", tag: "inspector", summary: "One inspector view as an HTML fragment",
    description: `One of ${VIEWS.map(([id]) => id).join(", ")}, rendered from the same data the matching JSON route returns.`,
    errors: [404],
    answers: { 200: { description: "The fragment", media: "text/html" } },
  }, (c) => {
    const view = c.req.param("view");
    if (!VIEWS.some(([id]) => id === view)) throw new GatewayError("RESOURCE_NOT_FOUND", { message: `No inspector view ${view}.` });
    return c.html(`${renderView(c, host, view as ViewName)}`);
  });
}

function renderView(c: Context<AppEnv>, host: Host, view: ViewName) {
  const world = c.get("world");
  switch (view) {
    case "log": {
      const { operation, status, client_id } = parseRequestsQuery(c.req.query());
      const entries = filterEntries(world, { operation, status, client_id });
      return <LogView entries={entries} total={entries.length} />;
    }
    case "transactions":
      return <TransactionsView transactions={allTransactions(world)} />;
    case "batches":
      return <BatchesView batches={allBatches(world, c.get("requestId"))} />;
    case "clock":
      return <ClockView clock={clockData(world)} />;
    case "scenarios":
      return <ScenariosView scenarios={world.scenarios.list()} />;
    case "reference": {
      const origin = new URL(c.req.url).origin;
      const v1 = `${origin}${worldPrefix(c.get("sandboxId"))}/v1`;
      return <ReferenceView quirks={quirkRows(world)} magic={magicValues(world).rules} clients={fixtureCredentials(world.options.fixtures).clients} v1={v1} />;
    }
    case "verdict": {
      const verdict = c.get("verdict");
      if (!verdict) throw new GatewayError("RESOURCE_NOT_FOUND", { message: "Coverage and audit are off in this server." });
      return <VerdictView audit={verdict.audit()} coverage={verdict.coverage()} />;
    }
    case "sandboxes": {
      const list = c.get("sandboxId") === null ? sandboxList(c, host) : null;
      return <SandboxesView sandboxes={list?.sandboxes ?? null} limit={host.sandboxLimit} />;
    }
  }
}
