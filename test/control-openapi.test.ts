import { describe, expect, it } from "vitest";
import { buildControlApp } from "../src/control/app.js";
import { schemaOf } from "../src/core/lazy.js";
import { describedRoutes } from "../src/control/registry.js";
import { openApiPath } from "../src/http/openapi-schemas.js";
import { setup } from "./helpers.js";

/**
 * `GET /_mock/control/openapi.json`: the control API's own document, built from the records each
 * control route registers next to its handler (src/control/registry.ts).
 */
describe("GET /_mock/control/openapi.json", () => {
  it("describes every route the control app registers (register new ones with controlRoute)", async () => {
    const t = setup();
    const doc = (await t.get("/_mock/control/openapi.json", { as: null })).body;
    const ctl = buildControlApp(t.double.host);
    const served = ctl.routes.filter((r) => r.method !== "ALL").map((r) => `${r.method} ${openApiPath(`/_mock${r.path}`).path}`);
    const documented = Object.entries<Record<string, unknown>>(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
    const missing = [...new Set(served)].filter((r) => !documented.includes(r));
    expect(missing, "control routes with no description: register them with controlRoute() (src/control/registry.ts)").toEqual([]);
    expect(documented.length).toBeGreaterThanOrEqual(20);
    for (const ops of Object.values<Record<string, any>>(doc.paths)) {
      for (const op of Object.values(ops)) {
        expect(op.description?.length, op.operationId).toBeGreaterThan(20);
        expect(op.operationId).toMatch(/^(get|post|put|delete)[A-Z]/);
      }
    }
    expect(doc.info.title).toMatch(/control/i);
    expect(doc.servers[0].url).toBe("http://localhost");
  });

  it("declares answers the routes really give: each parameterless GET's body parses with its schema", async () => {
    const t = setup();
    await t.post("/v1/transactions", { type: "SALE", amount: 1000, payment_method: { type: "Card", entry_method: "ECOMMERCE", pan: "4242424242424242", expiry: { month: "12", year: "2030" } } });
    const routes = describedRoutes(buildControlApp(t.double.host));
    let checked = 0;
    // A stream never ends: the SSE route is proven by the inspector's tests instead.
    for (const route of routes.filter((r) => r.method === "GET" && !r.path.includes(":") && r.answers[200].media !== "text/event-stream")) {
      const answer = route.answers[200];
      const r = await t.get(`/_mock${route.path}`, { as: null });
      expect(r.status, route.path).toBe(200);
      if (!answer.schema) continue;
      const parsed = schemaOf(answer.schema).safeParse(r.body);
      expect(parsed.success, `${route.path}: ${parsed.error?.message}`).toBe(true);
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(8);
  });
});
