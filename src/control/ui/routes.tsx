import type { Context, Hono } from "hono";
import { GatewayError } from "../../core/errors.js";
import { fixtureCredentials } from "../../gateway/fixtures.js";
import type { Host } from "../../gateway/host.js";
import type { AppEnv } from "../../http/env.js";
import { clockData } from "../clock.js";
import * as z from "zod";
import { parseWith, readQuery } from "../../http/validate.js";
import { cursor, entryMatch, filtering, parseRequestsQuery } from "../journal.js";
import { allBatches, matchingTransactions, parseTransactionsQuery } from "../ledger.js";
import { present } from "../../gateway/transactions/reporting.js";
import type { World } from "../../gateway/world.js";
import { magicValues, quirkRows } from "../quirks.js";
import { sandboxList } from "../sandboxes.js";
import { controlRoute } from "../registry.js";
import { CLIENT_JS } from "./client.js";
import { favicon } from "./favicon.js";
import { LOG_PAGE, LogView, transactionsOf, type LogPage } from "./log.js";
import { StoryView, type Story } from "./story.js";
import { BatchesView, TRANSACTION_ROWS, TransactionsView } from "./ledger.js";
import { Page, VIEWS, type ViewName } from "./page.js";
import { ReferenceView, SandboxesView } from "./reference.js";
import { STYLE } from "./style.js";
import { libraryNames } from "../../scenarios/library.js";
import { ClockView, ScenariosView } from "./world.js";
import { VerdictView } from "./verdict.js";

/** Pending events the clock view lists: a world holds one per vaulted card (100,000 rows made 19.4 MB of HTML). */
const CLOCK_ROWS = 100;

/**
 * The inspector's own headers: a strict Content-Security-Policy (its script, style and icon are
 * served files, so nothing inline needs allowing; it talks to its own origin only), and no framing
 * by any page (`frame-ancestors 'none'` and `X-Frame-Options: DENY`), so no site can overlay its
 * buttons (clickjacking).
 */
export const INSPECTOR_HEADERS = {
  "content-security-policy": "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  "x-frame-options": "DENY",
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
} as const;

/** `GET /favicon.ico` (and the inspector's copy): browsers ask for it on every page. */
export const faviconAnswer = () => new Response(favicon(), { headers: { "content-type": "image/x-icon", "cache-control": "max-age=86400" } });

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
    const page = <Page mock={`${worldPrefix(sandboxId)}/_mock`} world={sandboxId ?? "root"} seed={c.get("world").options.seed} quirks={quirkRows(c.get("world")).map((q) => q.name)} />;
    return c.html(`<!doctype html>${page}`, 200, INSPECTOR_HEADERS);
  });
  controlRoute(ctl, asset("/ui/client.js", "The inspector's script", "text/javascript"), (c) => c.body(CLIENT_JS, 200, { ...INSPECTOR_HEADERS, "content-type": "text/javascript; charset=utf-8", "cache-control": "no-cache" }));
  controlRoute(ctl, asset("/ui/style.css", "The inspector's style sheet", "text/css"), (c) => c.body(STYLE, 200, { ...INSPECTOR_HEADERS, "content-type": "text/css; charset=utf-8", "cache-control": "no-cache" }));
  controlRoute(ctl, asset("/ui/favicon.ico", "The inspector's icon", "image/x-icon"), () => faviconAnswer());
  controlRoute(ctl, {
    method: "GET", path: "/ui/views/:view", tag: "inspector", summary: "One inspector view as an HTML fragment",
    description: `One of ${VIEWS.map(([id]) => id).join(", ")}, rendered from the same data the matching JSON route returns. \`log\` takes the filters and cursors of \`GET /_mock/requests\` (\`after\` answers only the newer rows) and \`activity_after\`; \`transactions\` the filters of \`GET /_mock/transactions\`; \`story\` an \`id\`.`,
    errors: [404],
    answers: { 200: { description: "The fragment", media: "text/html" } },
  }, (c) => {
    const view = c.req.param("view");
    if (!VIEWS.some(([id]) => id === view)) throw new GatewayError("RESOURCE_NOT_FOUND", { message: `No inspector view ${view}.` });
    return c.html(`${renderView(c, host, view as ViewName)}`, 200, INSPECTOR_HEADERS);
  });
}

function renderView(c: Context<AppEnv>, host: Host, view: ViewName) {
  const world = c.get("world");
  switch (view) {
    case "log": {
      const { activity_after, ...query } = readQuery(c.req.url);
      const after = activity_after === undefined ? 0 : parseWith(z.object({ activity_after: cursor() }), { activity_after }, "query").activity_after;
      return logPage(world, parseRequestsQuery(query), after);
    }
    case "transactions": {
      // Only the rows shown are put in their /v1 shape (100,000 of them took 127 ms per refresh).
      const matching = matchingTransactions(world, parseTransactionsQuery(readQuery(c.req.url)));
      return <TransactionsView transactions={matching.slice(-TRANSACTION_ROWS).map((t) => present(world, t, "list"))} total={matching.length} />;
    }
    case "story": {
      const id = c.req.query("id") ?? "";
      return <StoryView story={story(world, id)} id={id} />;
    }
    case "batches":
      return <BatchesView batches={allBatches(world, c.get("requestId"))} />;
    case "clock":
      return <ClockView clock={clockData(world, CLOCK_ROWS)} total={world.scheduler.size} />;
    case "scenarios":
      return <ScenariosView scenarios={world.scenarios.list()} />;
    case "reference": {
      const origin = new URL(c.req.url).origin;
      const v1 = `${origin}${worldPrefix(c.get("sandboxId"))}/v1`;
      return <ReferenceView quirks={quirkRows(world)} magic={magicValues(world).rules} clients={fixtureCredentials(world.options.fixtures).clients} v1={v1} />;
    }
    case "verdict": {
      const verdict = c.get("facts").verdict;
      if (!verdict) throw new GatewayError("RESOURCE_NOT_FOUND", { message: "Coverage and audit are off in this server." });
      return <VerdictView audit={verdict.audit()} coverage={verdict.coverage()} />;
    }
    case "sandboxes": {
      const list = c.get("sandboxId") === null ? sandboxList(c, host) : null;
      return <SandboxesView sandboxes={list?.sandboxes ?? null} limit={host.sandboxLimit} scenarios={libraryNames().filter((n) => n !== "builtin")} />;
    }
  }
}

/**
 * One log fragment: the first page (newest {@link LOG_PAGE}), an older page (`before`), or only
 * the rows newer than the cursors (`after`, `activity_after`) for a live update. Control actions
 * and events show when no filter is set.
 */
function logPage(world: World, q: ReturnType<typeof parseRequestsQuery>, activityAfter: number) {
  const match = entryMatch(q);
  const total = world.journal.page(match, { limit: 0 }).count;
  const all = filtering(q) ? [] : world.activity.items();
  const createdBy = new Map<number, string[]>();
  for (const [id, seq] of world.activity.createdLinks()) createdBy.set(seq, [...(createdBy.get(seq) ?? []), id]);
  const base = { total, lastSeq: world.journal.lastSeq, lastActivity: all.at(-1)?.id ?? 0, createdBy };
  if (q.after !== undefined) {
    const { entries } = world.journal.page(match, { after: q.after, limit: q.limit ?? 500 });
    return <LogView fragment="rows" page={{ ...base, entries, activity: all.filter((a) => a.id > activityAfter), more: false }} />;
  }
  const limit = q.limit ?? LOG_PAGE;
  const { entries, count } = world.journal.page(match, { before: q.before, limit });
  const more = count > entries.length;
  const from = more ? entries[0].seq : 0;
  const activity = all.filter((a) => a.after_seq >= from && (q.before === undefined || a.after_seq < q.before));
  const page: LogPage = { ...base, entries, activity, more };
  return <LogView fragment={q.before === undefined ? "first" : "rows"} page={page} />;
}

/** A payment's story: the transaction, its followers, the requests naming them and the activity that acted on them. */
function story(world: World, id: string): Story | null {
  const t = world.state.transactions.get(id);
  if (!t) return null;
  const followers = [...world.state.transactions.values()].filter((f) => f.ref === id).sort((a, b) => a.seq - b.seq);
  const ids = new Set([id, ...followers.map((f) => f.id)]);
  const entries = world.journal.page(() => true).entries.filter((e) => transactionsOf(e).some((x) => ids.has(x)) || world.activity.createdBy(id) === e.seq);
  const activity = world.activity.items().filter((a) => a.effects.some((f) => ids.has(f.transaction_id)) || [...ids].some((x) => a.title.includes(x)));
  return { tx: present(world, t, "list"), followers: followers.map((f) => present(world, f, "list")), entries, activity, createdBy: world.activity.createdBy(id) };
}
