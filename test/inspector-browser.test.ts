import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { startDouble, type RunningDouble } from "../src/index.js";
import { MERCHANT } from "./helpers.js";
import { sale } from "./payments-helpers.js";

/**
 * The inspector in a real browser (Debian's chromium, driven by playwright-core): the flows of
 * issue 14 item 5, an axe-core pass on every view, and a screenshot of each view for review.
 */
const CHROMIUM = process.env.PAYDOUBLE_CHROMIUM ?? "/usr/bin/chromium";
const SHOTS = join(import.meta.dirname, "..", ".tmp", "screenshots");
const ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];
const AXE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

let context: BrowserContext;
let profile: string;
let d: RunningDouble;
let page: Page;

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`The inspector's browser tests need Chromium at ${CHROMIUM} (Debian: apt-get install -y chromium; .ci/run installs it). Set PAYDOUBLE_CHROMIUM to use another path.`);
  }
  mkdirSync(SHOTS, { recursive: true });
  profile = mkdtempSync(join(tmpdir(), "paydouble-chromium-"));
  context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true, args: ARGS, viewport: { width: 1280, height: 900 } });
}, 60_000);

afterAll(async () => {
  await context?.close();
  if (profile) rmSync(profile, { recursive: true, force: true });
});

/** Script errors in the page: each test ends with none. */
let pageErrors: string[] = [];

beforeEach(async () => {
  await page?.close();
  await d?.close();
  d = await startDouble({ seed: "inspector" });
  page = await context.newPage();
  pageErrors = [];
  page.on("pageerror", (e) => pageErrors.push(e.message));
});

afterEach(() => {
  expect(pageErrors).toEqual([]);
});

afterAll(async () => d?.close());

async function v1(method: string, path: string, body?: unknown) {
  const res = await fetch(d.url + path, {
    method,
    headers: { "Api-Key": MERCHANT.key, "Client-Id": MERCHANT.id, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

/** Opens a view and waits until its fragment has been rendered at least once. */
async function open(view: string, path = "") {
  await page.goto(`${d.url}${path}/_mock/ui#${view}`);
  await page.waitForSelector(`[data-view="${view}"][data-loaded]`);
}

async function tab(view: string) {
  const before = await page.getAttribute(`[data-view="${view}"]`, "data-loaded");
  await page.click(`[data-tab="${view}"]`);
  await page.waitForFunction(([v, b]) => document.querySelector(`[data-view="${v}"]`)?.getAttribute("data-loaded") !== b, [view, before] as const);
}

async function seriousViolations() {
  await page.addScriptTag({ content: AXE });
  const result = await page.evaluate(async () => (globalThis as any).axe.run(document));
  return (result.violations as { id: string; impact: string; nodes: unknown[] }[]).filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id} (${v.impact}, ${v.nodes.length})`);
}

// A real browser on a busy CI machine: each flow gets a minute (they take a few seconds when idle).
describe("the inspector in chromium", { timeout: 60_000 }, () => {
  test("a payment made over /v1 appears in the log within a second, without a reload", async () => {
    await open("log");
    await page.waitForSelector("#live:text('live')");
    expect(await page.textContent('[data-view="log"]')).toContain("No /v1 request yet");
    const sent = Date.now();
    await v1("POST", "/v1/transactions", sale({ amount: 4321 }));
    await page.waitForSelector('tbody[data-seq="1"]', { timeout: 1000 });
    expect(Date.now() - sent).toBeLessThan(1000);
    const row = await page.textContent('tbody[data-seq="1"] tr');
    expect(row).toContain("createTransaction");
    expect(row).toContain("200");
    // Latency is wall time from the live stream's event, which may land just after the row is drawn.
    await page.waitForFunction(() => /\d ms$/.test(document.querySelector('[data-latency-for="1"]')?.textContent ?? ""), null, { timeout: 1000 });
    await page.click("#req-1 summary");
    expect(await page.textContent("#req-1")).toContain("424242******4242");
    expect(await page.textContent("#req-1")).not.toContain("4242424242424242");
    await page.screenshot({ path: join(SHOTS, "log.png"), fullPage: true });
  });

  test("'advance to next event' closes the batch, and the batches view shows it closed with the right totals", async () => {
    await v1("POST", "/v1/transactions", sale({ amount: 1000 }));
    await v1("POST", "/v1/transactions", sale({ amount: 2500 }));
    await open("batches");
    expect(await page.textContent("[data-status]")).toContain("open");
    await tab("clock");
    await page.click("text=Advance to next event");
    await page.waitForSelector("#clock-result:has-text('fired')");
    expect(await page.textContent("#clock-result")).toContain("batch_auto_close");
    const now = JSON.parse((await page.textContent("#clock-result"))!.split("\n").slice(1).join("\n")).now;
    await page.waitForSelector(`.now time[datetime="${now}"]`);
    await page.screenshot({ path: join(SHOTS, "clock.png"), fullPage: true });
    await tab("batches");
    const closed = page.locator('tr[data-status="closed"]');
    await closed.waitFor();
    const wire = (await v1("GET", "/v1/batches")).body.data[0];
    expect(wire.status).toBe("closed");
    expect(await closed.locator('[data-sum="approved_amount"]').textContent()).toBe((wire.approved_amount / 100).toFixed(2));
    expect(await closed.locator('[data-sum="net_amount"]').textContent()).toBe("35.00");
    await page.screenshot({ path: join(SHOTS, "batches.png"), fullPage: true });
  });

  test("a broken YAML file shows its error at its line; a good one loads, and reset unloads it", async () => {
    await open("scenarios");
    const broken = ["version: 1", "name: broken", "rules:", "  - when: { operation: notAnOperation }", "    then: { approve: true }"].join("\n");
    await page.setInputFiles("#scenario-file", { name: "broken.yaml", mimeType: "application/yaml", buffer: Buffer.from(broken) });
    await page.waitForFunction(() => (document.querySelector("#scenario-text") as HTMLTextAreaElement).value.includes("notAnOperation"));
    await page.click("text=Load scenario");
    const bad = page.locator("ol.source li.bad");
    await bad.first().waitFor();
    expect(await bad.first().getAttribute("data-line")).toBe("4");
    expect(await page.textContent("#scenario-errors ul.errors")).toContain("line 4, column");
    expect(await page.textContent("#scenarios-result")).toContain("Not loaded");
    expect((await d.scenarios.list()) as any).toEqual({ scenarios: [expect.objectContaining({ name: "builtin" })] });
    await page.screenshot({ path: join(SHOTS, "scenarios-error.png"), fullPage: true });
    await page.fill("#scenario-text", broken.replace("notAnOperation", "createTransaction"));
    await page.click("text=Load scenario");
    await page.waitForSelector("#scn-broken");
    expect(await page.textContent("#scenarios-result")).toContain("Loaded broken (1 rules)");
    expect(await page.locator("ol.source").count()).toBe(0);
    page.once("dialog", (dialog) => void dialog.accept());
    await page.click("text=Reset to the start set");
    await page.waitForSelector("#scn-broken", { state: "detached" });
    expect(((await d.scenarios.list()) as { scenarios: unknown[] }).scenarios).toHaveLength(1);
  });

  test("a request that missed a rule by one condition is explained as a near-miss", async () => {
    await d.scenarios.load({ version: 1, name: "big-sales", rules: [{ name: "decline big", when: { operation: "createTransaction", body: { amount: { gte: 5000 }, "metadata.case": "big" } }, then: { decline: { code: "51", description: "Insufficient funds" } } }] });
    await v1("POST", "/v1/transactions", sale({ amount: 4999, metadata: { case: "big" } }));
    await open("log");
    await page.click("#req-1 summary");
    expect(await page.textContent("#req-1 ul.near")).toContain("big-sales/decline big: body.amount: wanted gte 5000, got 4999");
    await page.click('#req-1 button[data-explain="1"]');
    await page.waitForSelector("#explain-1:has-text('Would match')");
    expect(await page.textContent("#explain-1")).toContain("Near-miss big-sales/decline big: body.amount: wanted gte 5000, got 4999");
    // A live refresh (a new request arrives) keeps the open row and its explanation.
    await v1("GET", "/v1/transactions");
    await page.waitForSelector('tbody[data-seq="2"]');
    expect(await page.isVisible("#req-1 ul.near")).toBe(true);
    expect(await page.textContent("#explain-1")).toContain("Near-miss big-sales/decline big");
    await page.screenshot({ path: join(SHOTS, "log-near-miss.png"), fullPage: true });
    await tab("scenarios");
    await page.screenshot({ path: join(SHOTS, "scenarios.png"), fullPage: true });
  });

  test("metadata with markup renders as text, never as markup", async () => {
    const evil = "<img src=x onerror=window.__pwned=1><script>window.__pwned=2</script>";
    await v1("POST", "/v1/transactions", sale({ metadata: { note: evil } }));
    await open("transactions");
    await page.click('[data-view="transactions"] details summary');
    expect(await page.textContent('[data-view="transactions"]')).toContain(evil.replace(/"/g, '\\"'));
    expect(await page.locator('img[src="x"]').count()).toBe(0);
    expect(await page.evaluate(() => (window as any).__pwned)).toBeUndefined();
    await page.screenshot({ path: join(SHOTS, "transactions.png"), fullPage: true });
  });

  test("axe finds no serious or critical violation on any view; each view is photographed", async () => {
    await v1("POST", "/v1/transactions", sale({ amount: 1500 }));
    const auth = (await v1("POST", "/v1/transactions", sale({ type: "AUTH", amount: 5000 }))).body;
    expect((await v1("POST", `/v1/transactions/${auth.id}/capture`, { amount: 4000 })).status).toBe(200);
    await d.double.app.request("/_mock/sandboxes", { method: "POST", body: "{}", headers: { "content-type": "application/json" } });
    const found: Record<string, string[]> = {};
    for (const view of ["log", "transactions", "batches", "clock", "scenarios", "reference", "sandboxes"]) {
      await open(view);
      await page.locator("details").evaluateAll((all) => all.slice(0, 4).forEach((el) => el.setAttribute("open", "")));
      found[view] = await seriousViolations();
      await page.screenshot({ path: join(SHOTS, `view-${view}.png`), fullPage: view !== "reference" && view !== "scenarios" });
    }
    expect(found).toEqual({ log: [], transactions: [], batches: [], clock: [], scenarios: [], reference: [], sandboxes: [] });
  });

  test("GET / opens the inspector, and a sandbox has its own", async () => {
    const created = (await (await fetch(`${d.url}/_mock/sandboxes`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" })).json()) as any;
    await fetch(`${created.base_url}/v1/transactions`, {
      method: "POST",
      headers: { "Api-Key": MERCHANT.key, "Client-Id": MERCHANT.id, "content-type": "application/json" },
      body: JSON.stringify(sale({ amount: 777 })),
    });
    await page.goto(`${d.url}/`);
    expect(new URL(page.url()).pathname).toBe("/_mock/ui");
    await page.waitForSelector('[data-view="log"][data-loaded]');
    expect(await page.textContent('[data-view="log"]')).toContain("No /v1 request yet");
    await page.goto(`${created.base_url}/_mock/ui#log`);
    await page.waitForSelector('tbody[data-seq="1"]');
    expect(await page.textContent("header")).toContain(created.id);
  });
});
