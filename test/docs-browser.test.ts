import { existsSync } from "node:fs";
import { chromium, type Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDouble, type RunningDouble } from "../src/index.js";
import { MERCHANT } from "./helpers.js";

/**
 * `/_mock/docs` in a real browser (Debian's chromium, headless, driven by playwright-core): the
 * page renders both documents with no console error and no request leaving the double, and
 * "Try it out" sends a real, authenticated request with the pre-filled demo credentials.
 */
const CHROMIUM = process.env.PAYDOUBLE_CHROMIUM ?? "/usr/bin/chromium";
let double: RunningDouble;
let browser: Browser;

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) return;
  double = await startDouble({ seed: "docs-browser" });
  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ["--no-sandbox"] });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await double?.close();
});

describe.skipIf(!existsSync(CHROMIUM))("/_mock/docs in headless chromium", () => {
  it("renders both documents offline, without console errors, and sends a request with the demo credentials", async () => {
    const page = await browser.newPage();
    const problems: string[] = [];
    const outside: string[] = [];
    page.on("console", (m) => m.type() === "error" && problems.push(m.text()));
    page.on("pageerror", (e) => problems.push(e.message));
    await page.route("**/*", (route) => {
      const url = route.request().url();
      if (url.startsWith(double.url) || url.startsWith("data:")) return route.continue();
      outside.push(url);
      return route.abort();
    });

    await page.goto(`${double.url}/_mock/docs`);
    await page.waitForSelector("#operations-transactions-createTransaction", { timeout: 30_000 });
    const operations = await page.locator(".opblock").count();
    expect(operations).toBe(25);

    // The pre-filled credentials: "Try it out" (on from the start) sends listIntegrations; 200 from this double.
    await page.click("#operations-integrations-listIntegrations .opblock-summary");
    await page.click("#operations-integrations-listIntegrations .execute");
    const status = page.locator("#operations-integrations-listIntegrations .live-responses-table tbody .response-col_status").first();
    await expect.poll(async () => (await status.textContent())?.trim(), { timeout: 15_000 }).toBe("200");
    expect(await double.requests.count({ operation: "listIntegrations", status: 200, client_id: MERCHANT.id })).toBe(1);

    // The control document, from the top bar's picker.
    await page.selectOption(".topbar select", { label: "Control API /_mock" });
    await page.waitForSelector("#operations-clock-postClockAdvance", { timeout: 30_000 });
    expect(await page.locator(".opblock").count()).toBeGreaterThanOrEqual(20);

    expect(problems).toEqual([]);
    expect(outside).toEqual([]);
    await page.close();
  }, 90_000);
});
