import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Hono } from "hono";
import * as z from "zod";
import { lazy } from "../core/lazy.js";
import { fixtureCredentials } from "../gateway/fixtures.js";
import type { AppEnv } from "../http/env.js";
import { buildOpenApi } from "../http/openapi.js";
import { buildControlOpenApi } from "./openapi.js";
import { controlRoute, describedRoutes } from "./registry.js";

/**
 * The two OpenAPI documents and `/_mock/docs`, which renders both with Swagger UI. Every asset is
 * served by paydouble itself: no CDN (CI machines are often offline) and no request leaves the page.
 * The build copies Swagger UI's files into `dist/vendor/swagger-ui/` (scripts/build-extras.mjs), so
 * the installed package needs no `swagger-ui-dist` (a dev dependency: its own dependency reports
 * installs to an analytics service). The demo merchant's credentials are filled in,
 * so "Try it out" sends a real request to this world at once.
 */
const ASSETS: Record<string, string> = {
  "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
  "swagger-ui-standalone-preset.js": "text/javascript; charset=utf-8",
  "swagger-ui.css": "text/css; charset=utf-8",
  "favicon-32x32.png": "image/png",
};

/**
 * Where the files are: the build's copy (`dist/vendor/swagger-ui/`, one folder up from both
 * `dist/control/docs.js` and the CLI bundle `dist/bin/paydouble.cjs`), or, running from the sources
 * in a checkout, the dev dependency itself.
 */
function assetDir(): string {
  const vendored = fileURLToPath(new URL("../vendor/swagger-ui/", import.meta.url));
  return existsSync(vendored) ? vendored : dirname(createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"));
}

/** Read once, on first use: a start that never opens the page never reads 2 MB. */
const assetCache = new Map<string, Buffer>();
function asset(name: string): Buffer {
  let body = assetCache.get(name);
  if (!body) {
    body = readFileSync(join(assetDir(), name));
    assetCache.set(name, body);
  }
  return body;
}

const anyDocument = lazy(() => z.record(z.string(), z.unknown()).meta({ description: "An OpenAPI 3.1 document." }));

export function mountDocs(ctl: Hono<AppEnv>): void {
  controlRoute(ctl, {
    method: "GET", path: "/openapi.json", tag: "docs", summary: "The OpenAPI 3.1 document of /v1",
    description: "Generated from the zod schemas that validate each request: every rule the double enforces, with real answers as examples. `servers` points at the world it was read from.",
    answers: { 200: { description: "The gateway document", schema: anyDocument } },
  }, (c) => c.json(buildOpenApi(worldRoot(c.req.url, c.get("sandboxId")))));

  controlRoute(ctl, {
    method: "GET", path: "/control/openapi.json", tag: "docs", summary: "The OpenAPI 3.1 document of this control API",
    description: "Built from the records each control route registers next to its handler (src/control/registry.ts).",
    answers: { 200: { description: "The control document", schema: anyDocument } },
  }, (c) => c.json(buildControlOpenApi(describedRoutes(ctl), worldRoot(c.req.url, c.get("sandboxId")))));

  controlRoute(ctl, {
    method: "GET", path: "/docs", tag: "docs", summary: "Both documents rendered by Swagger UI",
    description: "A reference page with \"Try it out\": the demo merchant's `Api-Key` and `Client-Id` are filled in. Every asset is served from here.",
    answers: { 200: { description: "The page", media: "text/html" } },
  }, (c) => c.html(PAGE));

  controlRoute(ctl, {
    method: "GET", path: "/docs/init.js", tag: "docs", summary: "The page's start script",
    description: "Starts Swagger UI on both documents and fills in this world's demo merchant credentials.",
    answers: { 200: { description: "JavaScript", media: "text/javascript" } },
  }, (c) => {
    const clients = fixtureCredentials(c.get("world").options.fixtures).clients;
    const demo = clients.find((k) => k.type === "merchant") ?? clients[0];
    return c.body(initScript(demo ? { id: demo.id, key: demo.api_key } : null), 200, { "content-type": "text/javascript; charset=utf-8" });
  });

  controlRoute(ctl, {
    method: "GET", path: "/docs/assets/:file", tag: "docs", summary: "Swagger UI's own files",
    description: `One of ${Object.keys(ASSETS).join(", ")}, Swagger UI's files (Apache-2.0, its LICENSE and NOTICE ship beside them); anything else is 404.`,
    errors: [404],
    answers: { 200: { description: "The file", media: "application/octet-stream" } },
  }, (c) => {
    const name = c.req.param("file");
    const type = Object.hasOwn(ASSETS, name) ? ASSETS[name] : undefined;
    if (!type) return c.notFound();
    return c.body(new Uint8Array(asset(name)), 200, { "content-type": type, "cache-control": "public, max-age=3600" });
  });
}

/** The root the world's `/v1` is served under: the origin, plus `/sandboxes/{id}` for a sandbox. */
function worldRoot(url: string, sandboxId: string | null): string {
  const origin = new URL(url).origin;
  return sandboxId === null ? origin : `${origin}/sandboxes/${encodeURIComponent(sandboxId)}`;
}

const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>paydouble API reference</title>
<link rel="icon" type="image/png" href="docs/assets/favicon-32x32.png">
<link rel="stylesheet" href="docs/assets/swagger-ui.css">
</head><body>
<div id="swagger-ui"></div>
<script src="docs/assets/swagger-ui-bundle.js"></script>
<script src="docs/assets/swagger-ui-standalone-preset.js"></script>
<script src="docs/init.js"></script>
</body></html>`;

/** Both documents in the top bar's picker; no validator badge (it would call validator.swagger.io). */
function initScript(demo: { id: string; key: string } | null): string {
  return `"use strict";
var demo = ${JSON.stringify(demo)};
window.ui = SwaggerUIBundle({
  urls: [{ url: "openapi.json", name: "Gateway /v1" }, { url: "control/openapi.json", name: "Control API /_mock" }],
  dom_id: "#swagger-ui",
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
  layout: "StandaloneLayout",
  validatorUrl: null,
  tryItOutEnabled: true,
  displayOperationId: true,
  onComplete: function () {
    if (!demo) return;
    window.ui.preauthorizeApiKey("ApiKey", demo.key);
    window.ui.preauthorizeApiKey("ClientId", demo.id);
  }
});
`;
}
