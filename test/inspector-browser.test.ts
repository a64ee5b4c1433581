import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { MERCHANT } from "./helpers.js";
import { control, open, SHOTS, seriousViolations, tab, useInspector, v1 as call } from "./inspector-browser.js";
import { sale } from "./payments-helpers.js";

/**
 * The inspector in a real browser (Debian's chromium, driven by playwright-core): the flows of
 * issue 14 item 5, an axe-core pass on every view, and a screenshot of each view for review.
 * Payment stories, search, layout widths and the Content-Security-Policy: inspector-browser-story.test.ts.
 */
const s = useInspector();
const v1 = (method: string, path: string, body?: unknown) => call(s, method, path, body);

// A real browser on a busy CI machine: each flow gets two minutes (they take a few seconds when idle).
describe("the inspector in chromium", { timeout: 120_000 }, () => {
  test("a payment made over /v1 appears in the log within a second, without a reload", async () => {
    await open(s, "log");
    await s.page.waitForSelector("#live:text('live')");
    expect(await s.page.textContent('[data-view="log"]')).toContain("No /v1 request yet");
    const sent = Date.now();
    await v1("POST", "/v1/transactions", sale({ amount: 4321 }));
    await s.page.waitForSelector('tbody[data-seq="1"]', { timeout: 1000 });
    expect(Date.now() - sent).toBeLessThan(1000);
    const row = await s.page.textContent('tbody[data-seq="1"] tr');
    expect(row).toContain("createTransaction");
    expect(row).toContain("200");
    // Latency is wall time from the live stream's event, which may land just after the row is drawn.
    await s.page.waitForFunction(() => /\d ms$/.test(document.querySelector('[data-latency-for="1"]')?.textContent ?? ""), null, { timeout: 1000 });
    await s.page.click("#req-1 summary");
    expect(await s.page.textContent("#req-1")).toContain("424242******4242");
    expect(await s.page.textContent("#req-1")).not.toContain("4242424242424242");
    await s.page.screenshot({ path: join(SHOTS, "log.png"), fullPage: true });
  });

  test("'advance to next event' closes the batch, and the batches view shows it closed with the right totals", async () => {
    await v1("POST", "/v1/transactions", sale({ amount: 1000 }));
    await v1("POST", "/v1/transactions", sale({ amount: 2500 }));
    await open(s, "batches");
    expect(await s.page.textContent("[data-status]")).toContain("open");
    await tab(s, "clock");
    await s.page.click("text=Advance to next event");
    await s.page.waitForSelector("#clock-result:has-text('fired')");
    expect(await s.page.textContent("#clock-result")).toContain("batch_auto_close");
    const now = JSON.parse((await s.page.textContent("#clock-result"))!.split("\n").slice(1).join("\n")).now;
    await s.page.waitForSelector(`.now time[datetime="${now}"]`);
    await s.page.screenshot({ path: join(SHOTS, "clock.png"), fullPage: true });
    await tab(s, "batches");
    const closed = s.page.locator('tr[data-status="closed"]');
    await closed.waitFor();
    const wire = (await v1("GET", "/v1/batches")).body.data[0];
    expect(wire.status).toBe("closed");
    expect(await closed.locator('[data-sum="approved_amount"]').textContent()).toBe((wire.approved_amount / 100).toFixed(2));
    expect(await closed.locator('[data-sum="net_amount"]').textContent()).toBe("35.00");
    await s.page.screenshot({ path: join(SHOTS, "batches.png"), fullPage: true });
  });

  test("a broken YAML file shows its error at its line; a good one loads, and reset unloads it", async () => {
    await open(s, "scenarios");
    const broken = ["version: 1", "name: broken", "rules:", "  - when: { operation: notAnOperation }", "    then: { approve: true }"].join("\n");
    await s.page.setInputFiles("#scenario-file", { name: "broken.yaml", mimeType: "application/yaml", buffer: Buffer.from(broken) });
    await s.page.waitForFunction(() => (document.querySelector("#scenario-text") as HTMLTextAreaElement).value.includes("notAnOperation"));
    await s.page.click("text=Load scenario");
    const bad = s.page.locator("ol.source li.bad");
    await bad.first().waitFor();
    expect(await bad.first().getAttribute("data-line")).toBe("4");
    expect(await s.page.textContent("#scenario-errors ul.errors")).toContain("line 4, column");
    expect(await s.page.textContent("#scenarios-result")).toContain("Not loaded");
    expect((await s.d.scenarios.list()) as any).toEqual({ scenarios: [expect.objectContaining({ name: "builtin" })] });
    await s.page.screenshot({ path: join(SHOTS, "scenarios-error.png"), fullPage: true });
    await s.page.fill("#scenario-text", broken.replace("notAnOperation", "createTransaction"));
    await s.page.click("text=Load scenario");
    await s.page.waitForSelector("#scn-broken");
    expect(await s.page.textContent("#scenarios-result")).toContain("Loaded broken (1 rule)");
    expect(await s.page.locator("ol.source").count()).toBe(0);
    s.page.once("dialog", (dialog) => void dialog.accept());
    await s.page.click("text=Reset to the start set");
    await s.page.waitForSelector("#scn-broken", { state: "detached" });
    expect(((await s.d.scenarios.list()) as { scenarios: unknown[] }).scenarios).toHaveLength(1);
  });

  test("a request that missed a rule by one condition is explained as a near-miss", async () => {
    await s.d.scenarios.load({ version: 1, name: "big-sales", rules: [{ name: "decline big", when: { operation: "createTransaction", body: { amount: { gte: 5000 }, "metadata.case": "big" } }, then: { decline: { code: "51", description: "Insufficient funds" } } }] });
    await v1("POST", "/v1/transactions", sale({ amount: 4999, metadata: { case: "big" } }));
    await open(s, "log");
    await s.page.click("#req-1 summary");
    expect(await s.page.textContent("#req-1 ul.near")).toContain("big-sales/decline big: body.amount: wanted gte 5000, got 4999");
    await s.page.click('#req-1 button[data-explain="1"]');
    await s.page.waitForSelector("#explain-1:has-text('Would match')");
    expect(await s.page.textContent("#explain-1")).toContain("Near-miss big-sales/decline big: body.amount: wanted gte 5000, got 4999");
    // A live refresh (a new request arrives) keeps the open row and its explanation.
    await v1("GET", "/v1/transactions");
    await s.page.waitForSelector('tbody[data-seq="2"]');
    expect(await s.page.isVisible("#req-1 ul.near")).toBe(true);
    expect(await s.page.textContent("#explain-1")).toContain("Near-miss big-sales/decline big");
    await s.page.screenshot({ path: join(SHOTS, "log-near-miss.png"), fullPage: true });
    await tab(s, "scenarios");
    await s.page.screenshot({ path: join(SHOTS, "scenarios.png"), fullPage: true });
  });

  test("metadata with markup renders as text, never as markup", async () => {
    const evil = "<img src=x onerror=window.__pwned=1><script>window.__pwned=2</script>";
    await v1("POST", "/v1/transactions", sale({ metadata: { note: evil } }));
    await open(s, "transactions");
    await s.page.click('[data-view="transactions"] details summary');
    expect(await s.page.textContent('[data-view="transactions"]')).toContain(evil.replace(/"/g, '\\"'));
    expect(await s.page.locator('img[src="x"]').count()).toBe(0);
    expect(await s.page.evaluate(() => (window as any).__pwned)).toBeUndefined();
    await s.page.screenshot({ path: join(SHOTS, "transactions.png"), fullPage: true });
  });

  test("axe finds no serious or critical violation on any view; each view is photographed", async () => {
    await v1("POST", "/v1/transactions", sale({ amount: 1500 }));
    const auth = (await v1("POST", "/v1/transactions", sale({ type: "AUTH", amount: 5000 }))).body;
    expect((await v1("POST", `/v1/transactions/${auth.id}/capture`, { amount: 4000 })).status).toBe(200);
    await control(s, "POST", "sandboxes", {});
    const found: Record<string, string[]> = {};
    for (const view of ["log", "transactions", "batches", "clock", "scenarios", "reference", "sandboxes", `story-${auth.id}`]) {
      await open(s, view);
      await s.page.locator("details").evaluateAll((all) => all.slice(0, 4).forEach((el) => el.setAttribute("open", "")));
      const name = view.startsWith("story-") ? "story" : view;
      found[name] = await seriousViolations(s);
      await s.page.screenshot({ path: join(SHOTS, `view-${name}.png`), fullPage: view !== "reference" && view !== "scenarios" });
    }
    expect(found).toEqual({ log: [], transactions: [], batches: [], clock: [], scenarios: [], reference: [], sandboxes: [], story: [] });
  });

  test("GET / opens the inspector, and a sandbox has its own", async () => {
    const created = (await (await fetch(`${s.d.url}/_mock/sandboxes`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" })).json()) as any;
    await fetch(`${created.base_url}/v1/transactions`, {
      method: "POST",
      headers: { "Api-Key": MERCHANT.key, "Client-Id": MERCHANT.id, "content-type": "application/json" },
      body: JSON.stringify(sale({ amount: 777 })),
    });
    await s.page.goto(`${s.d.url}/`);
    expect(new URL(s.page.url()).pathname).toBe("/_mock/ui");
    await s.page.waitForSelector('[data-view="log"][data-loaded]');
    expect(await s.page.textContent('[data-view="log"]')).toContain("No /v1 request yet");
    await s.page.goto(`${created.base_url}/_mock/ui#log`);
    await s.page.waitForSelector('tbody[data-seq="1"]');
    expect(await s.page.textContent("header")).toContain(created.id);
  });
});
