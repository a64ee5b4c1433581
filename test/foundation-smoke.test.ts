import { describe, expect, test } from "vitest";
import { MERCHANT, RESELLER, setup } from "./helpers.js";

describe("foundation smoke", () => {
  test("health answers with the seed and the simulated now", async () => {
    const t = setup({ seed: "s1" });
    const r = await t.get("/_mock/health", { as: null });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ status: "ok", version: "0.1.0", spec_version: "1.0.0-beta.27", seed: "s1", now: "2026-03-02T15:00:00.000Z" });
    expect(r.headers.get("x-request-id")).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  test("fixtures load both clients and the merchant's integrations", async () => {
    const t = setup();
    expect((await t.get(`/v1/clients/${MERCHANT.id}`)).status).toBe(200);
    expect((await t.get(`/v1/clients/${MERCHANT.id}`, { as: RESELLER })).status).toBe(200);
    expect(t.double.host.root.state.integrations.size).toBe(2);
  });
});
