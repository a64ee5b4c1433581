import { createServer, type Server } from "node:http";
import { describe, expect, test } from "vitest";
import { control, open, overflow, shoot, tab, useInspector, v1 as call } from "./inspector-browser.js";
import { achSale, sale } from "./payments-helpers.js";

/**
 * Issue 20's inspector in chromium: a payment's story (the 502 that created it and the read that
 * found it; an ACH debit returned after settlement), the log naming the query, the result and the
 * quirk or rule, control actions in the timeline, search, local time, the layout from 900 to 1600
 * px, incremental rendering, and the Content-Security-Policy (the page works under it, no site can
 * frame it). Screenshots: .tmp/screenshots/{story-502,story-ach-return,log-query-quirk}-{900,1400}.png.
 */
const s = useInspector();
const v1 = (method: string, path: string, body?: unknown) => call(s, method, path, body);
const LOST = { version: 1, name: "reconcile-after-502", rules: [{ name: "lost answer", when: { operation: "createTransaction", body: { "metadata.order_id": "ORD-502" }, times: 1 }, then: { fail: { error: "DOWNSTREAM_ERROR", created: "APPROVED" } } }] };

describe("a payment's story, the log and the layout in chromium", { timeout: 180_000 }, () => {
  test("a 502 that created a payment: the story names the request and the read that found it, linked both ways", async () => {
    await control(s, "POST", "scenarios", LOST);
    expect((await v1("POST", "/v1/transactions", sale({ amount: 1234, metadata: { order_id: "ORD-502" } }))).status).toBe(502);
    const found = await v1("GET", "/v1/transactions?start_date=2026-03-01T00:00:00Z&end_date=2026-03-03T00:00:00Z");
    const id = found.body.data.find((t: any) => t.metadata?.order_id === "ORD-502").id;
    // Search by order id finds it in the transactions view, with its method and last four digits.
    await open(s, "transactions");
    await s.page.fill("#t-order", "ORD-502");
    await s.page.waitForFunction(() => document.querySelectorAll('[data-view="transactions"] tbody[data-tx]').length === 1);
    expect(await s.page.textContent(`tbody[data-tx="${id}"]`)).toContain("····4242");
    await s.page.click(`tbody[data-tx="${id}"] a[href="#story-${id}"]`);
    await s.page.waitForSelector("#story-title");
    const callout = await s.page.textContent(".story .callout");
    expect(callout).toContain("Created by request #1");
    expect(callout).toContain("Request #2 found it (the reconciliation read)");
    const life = await s.page.textContent("ol.timeline");
    expect(life).toContain("created it, but answered 502 DOWNSTREAM_ERROR");
    expect(life).toContain("listed it");
    await shoot(s, "story-502");
    // Story -> log: the 502's row opens; log -> story: it links back to the payment it created.
    await s.page.click('.callout a[href="#req-1"]');
    await s.page.waitForFunction(() => document.getElementById("req-1")?.hasAttribute("open"));
    expect(await s.page.textContent('tbody[data-seq="1"] .created')).toContain(id);
    await s.page.click(`tbody[data-seq="1"] .created a[href="#story-${id}"]`);
    await s.page.waitForFunction((tx) => document.querySelector("#story-title")?.textContent?.includes(tx), id);
  });

  test("an ACH debit returned after settlement: each clock event says what it did", async () => {
    const tx = (await v1("POST", "/v1/transactions", achSale({ amount: 4200, metadata: { order_id: "ORD-ACH" } }))).body;
    await control(s, "POST", "clock/advance", { until: "next_event" }); // the 22:00 New York close
    await control(s, "POST", "clock/advance", { until: "next_event" }); // settlement
    expect((await control(s, "POST", `transactions/${tx.id}/ach-return`, { code: "R01", in: "P1D" })).status).toBe(202);
    await control(s, "POST", "clock/advance", { by: "P2D" });
    await open(s, `story-${tx.id}`);
    const life = s.page.locator("ol.timeline");
    await life.locator("li", { hasText: "RETURNED R01 after settlement" }).waitFor();
    const text = (await life.textContent()) ?? "";
    expect(text).toContain("CLOSED");
    expect(text).toContain("SETTLED");
    expect(text.indexOf("SETTLED")).toBeLessThan(text.indexOf("RETURNED R01 after settlement"));
    // The close happened at 22:00 in New York: 03:00 UTC, shown with the reader's local time beside it.
    expect(await s.page.textContent("ol.timeline li.event .local")).toMatch(/EST/);
    await shoot(s, "story-ach-return");
  });

  test("the log shows the query string, the result, the quirk or rule, the headers, and control actions in order", async () => {
    await v1("POST", "/v1/transactions", sale({ amount: 1000 }));
    await control(s, "POST", "scenarios", { version: 1, name: "declines", rules: [{ name: "decline 51", when: { operation: "createTransaction", nth: 1 }, then: { decline: { code: "51", description: "Insufficient funds" } } }] });
    await v1("POST", "/v1/transactions", sale({ amount: 2000 }));
    expect((await v1("GET", "/v1/transactions?type=VOID&limit=5")).status).toBe(500);
    await control(s, "POST", "clock/advance", { by: "PT1H" });
    await open(s, "log");
    await s.page.waitForSelector('tbody[data-seq="3"]');
    expect(await s.page.textContent('tbody[data-seq="3"] .path')).toBe("/v1/transactions?type=VOID&limit=5");
    expect(await s.page.textContent('tbody[data-seq="3"]')).toContain("quirk type_filter_void_500");
    expect(await s.page.textContent('tbody[data-seq="2"]')).toContain("DECLINED");
    expect(await s.page.textContent('tbody[data-seq="2"]')).toContain("rule declines/decline 51");
    expect(await s.page.textContent('tbody[data-seq="1"]')).toContain("APPROVED");
    // Newest first, control actions where they happened.
    const order = await s.page.$$eval("table.log > tbody", (all) => all.map((b) => (b as HTMLElement).dataset.seq ?? `control ${b.textContent?.includes("clock/advance") ? "clock" : "scenario"}`));
    expect(order).toEqual(["control clock", "3", "2", "control scenario", "1"]);
    await s.page.click("#req-2 summary");
    const opened = await s.page.textContent("#req-2");
    expect(opened).toContain('"api-key": "pk_live_');
    expect(opened).toContain('"x-paydouble-rule": "declines/decline 51"');
    // Filters: error code and path (server-side, the same as GET /_mock/requests).
    await s.page.fill("#f-error", "SYSTEM_ERROR");
    await s.page.waitForFunction(() => document.querySelectorAll("table.log > tbody").length === 1);
    await s.page.fill("#f-error", "");
    await s.page.fill("#f-path", "transactions");
    await s.page.waitForFunction(() => document.querySelectorAll("table.log > tbody[data-activity]").length === 0 && document.querySelectorAll("table.log > tbody[data-seq]").length === 3);
    await s.page.fill("#f-path", "");
    await s.page.waitForSelector("table.log > tbody[data-activity]");
    await shoot(s, "log-query-quirk");
    // The spent nth rule is marked spent.
    await tab(s, "scenarios");
    expect(await s.page.textContent('[data-hits="declines/decline 51"]')).toContain("spent");
  });

  test("an open log adds only the new rows on each event, and older rows on demand", async () => {
    for (let i = 0; i < 55; i++) await v1("GET", `/v1/transactions?limit=${i + 1}`);
    await open(s, "log");
    await s.page.waitForFunction(() => document.querySelectorAll("table.log > tbody[data-seq]").length === 50);
    await s.page.waitForSelector("#live:text('live')");
    const fetched: string[] = [];
    s.page.on("request", (r) => r.url().includes("/ui/views/log") && fetched.push(r.url()));
    // A row already drawn stays the same element while new ones arrive above it.
    await s.page.$eval('tbody[data-seq="55"]', (b) => ((b as any).__kept = true));
    await v1("POST", "/v1/transactions", sale());
    await s.page.waitForSelector('tbody[data-seq="56"]');
    expect(await s.page.$eval('tbody[data-seq="55"]', (b) => (b as any).__kept)).toBe(true);
    expect(fetched.length).toBeGreaterThan(0);
    expect(fetched.every((u) => new URL(u).searchParams.get("after") === "55")).toBe(true);
    expect(await s.page.textContent("[data-view=log] .count")).toBe("56 matching requests");
    await s.page.click("[data-older]");
    await s.page.waitForFunction(() => document.querySelectorAll("table.log > tbody[data-seq]").length === 56 && !document.querySelector("[data-older]"));
  });

  test("sandboxes take a seed and shipped scenarios; favicon.ico answers", async () => {
    await open(s, "sandboxes");
    await s.page.fill("#sandbox-seed", "my-seed");
    await s.page.selectOption("#sandbox-scenarios", ["declines"]);
    await s.page.click("#sandbox-form button[type=submit]");
    await s.page.waitForSelector("#sandboxes-result:has-text('201')");
    await s.page.waitForFunction(() => document.querySelector('[data-view="sandboxes"] table')?.textContent?.includes("my-seed"));
    const sandbox = JSON.parse((await s.page.textContent("#sandboxes-result"))!.split("\n").slice(1).join("\n"));
    const scenarios = (await (await fetch(`${sandbox.base_url}/_mock/scenarios`)).json()) as any;
    expect(scenarios.scenarios.map((x: any) => x.name)).toContain("declines");
    const icon = await fetch(`${s.d.url}/favicon.ico`);
    expect([icon.status, icon.headers.get("content-type")]).toEqual([200, "image/x-icon"]);
  });

  test("every view holds from 900 to 1600 px, opened JSON included", async () => {
    const tx = (await v1("POST", "/v1/transactions", sale({ metadata: { order_id: "ORD-WIDE", note: "x".repeat(120) } }))).body;
    await v1("GET", `/v1/transactions?start_date=2026-03-01T00:00:00Z&end_date=2026-03-03T00:00:00Z&client_id=${"C".repeat(80)}`);
    await control(s, "POST", "sandboxes", {});
    for (const view of ["log", "transactions", "batches", "clock", "scenarios", "reference", "sandboxes", `story-${tx.id}`]) {
      await open(s, view);
      await s.page.locator("section.view:not([hidden]) details").evaluateAll((all) => all.slice(0, 6).forEach((el) => el.setAttribute("open", "")));
      for (const width of [900, 1600]) {
        await s.page.setViewportSize({ width, height: 900 });
        await s.page.waitForFunction((w) => document.documentElement.clientWidth <= w, width);
        expect(await overflow(s), `${view} at ${width} px`).toEqual([]);
      }
    }
    // An opened batch's JSON gets the table's width, not a column's.
    await open(s, "batches");
    await s.page.click("table.batches tr.more details summary");
    const [pre, table] = await s.page.$$eval("table.batches", (t) => [t[0].querySelector("tr.more pre")!.getBoundingClientRect().width, t[0].getBoundingClientRect().width]);
    expect(pre).toBeGreaterThan(table * 0.8);
  });

  test("under its Content-Security-Policy the page works, and no other page can frame it", async () => {
    const page = await s.page.goto(`${s.d.url}/_mock/ui#log`);
    const headers = page!.headers();
    expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(headers["content-security-policy"]).toContain("script-src 'self'");
    expect(headers["x-frame-options"]).toBe("DENY");
    await s.page.waitForSelector('[data-view="log"][data-loaded]');
    await s.page.waitForSelector("#live:text('live')");
    await v1("POST", "/v1/transactions", sale());
    await s.page.waitForSelector('tbody[data-seq="1"] .local'); // the script ran: live row, local time
    // A page of another origin (same site, another port) that frames the inspector: refused.
    const framer: Server = createServer((_, res) => res.end(`<!doctype html><title>framer</title><iframe src="${s.d.url}/_mock/ui"></iframe>`));
    await new Promise<void>((resolve) => framer.listen(0, "127.0.0.1", resolve));
    try {
      const other = await s.context.newPage();
      const refused: string[] = [];
      other.on("console", (m) => refused.push(m.text()));
      await other.goto(`http://127.0.0.1:${(framer.address() as { port: number }).port}/`);
      await expect.poll(() => refused.some((m) => m.includes("frame-ancestors") || m.includes("X-Frame-Options")), { timeout: 15_000 }).toBe(true);
      expect(await other.frames()[1]?.$("[data-view]").catch(() => null)).toBeFalsy();
      await other.close();
    } finally {
      framer.close();
    }
  });
});
