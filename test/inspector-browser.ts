import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, expect } from "vitest";
import { startDouble, type RunningDouble } from "../src/index.js";
import { MERCHANT } from "./helpers.js";

/**
 * What the inspector's browser test files share: Debian's chromium driven by playwright-core (a
 * New York time zone, so local times differ from UTC), a fresh double per test, script errors and
 * Content-Security-Policy violations collected (each test ends with none), axe, and screenshots
 * under .tmp/screenshots for review.
 */
const CHROMIUM = process.env.PAYDOUBLE_CHROMIUM ?? "/usr/bin/chromium";
export const SHOTS = join(import.meta.dirname, "..", ".tmp", "screenshots");
const ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];
const AXE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

export interface Inspector {
  context: BrowserContext;
  page: Page;
  d: RunningDouble;
  /** Console messages of the page (CSP refusals land here). */
  console: string[];
}

/** Registers the hooks of a browser test file; the returned object holds the current page and double. */
export function useInspector(): Inspector {
  const s = { console: [] as string[] } as Inspector;
  let profile: string;
  let pageErrors: string[] = [];
  beforeAll(async () => {
    if (!existsSync(CHROMIUM)) {
      throw new Error(`The inspector's browser tests need Chromium at ${CHROMIUM} (Debian: apt-get install -y chromium; .ci/run installs it). Set PAYDOUBLE_CHROMIUM to use another path.`);
    }
    mkdirSync(SHOTS, { recursive: true });
    profile = mkdtempSync(join(tmpdir(), "paydouble-chromium-"));
    s.context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true, args: ARGS, viewport: { width: 1280, height: 900 }, timezoneId: "America/New_York", locale: "en-US" });
  }, 60_000);
  afterAll(async () => {
    await s.page?.close();
    await s.d?.close();
    await s.context?.close();
    if (profile) rmSync(profile, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await s.page?.close();
    await s.d?.close();
    s.d = await startDouble({ seed: "inspector" });
    s.page = await s.context.newPage();
    // A loaded CI machine (2 cores, the whole suite at once) can take long to draw: conditions get a minute.
    s.page.setDefaultTimeout(60_000);
    pageErrors = [];
    s.console = [];
    s.page.on("pageerror", (e) => pageErrors.push(e.message));
    s.page.on("console", (m) => s.console.push(m.text()));
  });
  afterEach(() => {
    expect(pageErrors).toEqual([]);
    expect(s.console.filter((m) => m.includes("Content Security Policy"))).toEqual([]);
  });
  return s;
}

export async function v1(s: Inspector, method: string, path: string, body?: unknown, base = s.d.url) {
  const res = await fetch(base + path, {
    method,
    headers: { "Api-Key": MERCHANT.key, "Client-Id": MERCHANT.id, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

/** A control call, as a script or a test would make it. */
export async function control(s: Inspector, method: string, path: string, body?: unknown) {
  const res = await fetch(`${s.d.url}/_mock/${path}`, { method, headers: { "content-type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as any };
}

/** Opens a view (or a `story-…`/`req-…` link) and waits until its fragment has been rendered. */
export async function open(s: Inspector, hash: string, path = "") {
  const view = hash.startsWith("story-") ? "story" : hash.startsWith("req-") ? "log" : hash;
  await s.page.goto(`${s.d.url}${path}/_mock/ui#${hash}`);
  await s.page.waitForSelector(`[data-view="${view}"][data-loaded]`);
}

export async function tab(s: Inspector, view: string) {
  const before = await s.page.getAttribute(`[data-view="${view}"]`, "data-loaded");
  await s.page.click(`[data-tab="${view}"]`);
  await s.page.waitForFunction(([v, b]) => document.querySelector(`[data-view="${v}"]`)?.getAttribute("data-loaded") !== b, [view, before] as const);
}

/** axe-core's serious and critical findings (run through the DevTools protocol: the page's CSP allows no injected script tag). */
export async function seriousViolations(s: Inspector) {
  await s.page.evaluate(AXE);
  const result = await s.page.evaluate(async () => (globalThis as any).axe.run(document));
  return (result.violations as { id: string; impact: string; nodes: unknown[] }[]).filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id} (${v.impact}, ${v.nodes.length})`);
}

/**
 * What overflows the page at the current width: the page itself, or any table cell past the right
 * edge of its view (a cut column). Empty when the layout holds.
 */
export async function overflow(s: Inspector): Promise<string[]> {
  return s.page.evaluate(() => {
    const out: string[] = [];
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > width) out.push(`page ${document.documentElement.scrollWidth} > ${width}`);
    for (const cell of document.querySelectorAll("section.view:not([hidden]) th, section.view:not([hidden]) td")) {
      const r = cell.getBoundingClientRect();
      if (r.width > 0 && r.right > width + 1) out.push(`${cell.tagName} "${(cell.textContent ?? "").slice(0, 30)}" ends at ${Math.round(r.right)}`);
    }
    return out.slice(0, 5);
  });
}

/** A screenshot of the page at each width (900 and 1400 px by default), after the layout check. */
export async function shoot(s: Inspector, name: string, widths = [900, 1400]) {
  for (const width of widths) {
    await s.page.setViewportSize({ width, height: 900 });
    await s.page.waitForFunction((w) => document.documentElement.clientWidth <= w, width);
    expect(await overflow(s), `${name} at ${width} px`).toEqual([]);
    await s.page.screenshot({ path: join(SHOTS, `${name}-${width}.png`), fullPage: true });
  }
  await s.page.setViewportSize({ width: 1280, height: 900 });
}
