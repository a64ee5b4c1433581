import { mkdtempSync, writeFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createDouble } from "../../src/index.js";
import { expectEnvelope, RESELLER, setup } from "../helpers.js";

/** Issue 11 item 11: the control API refuses web pages, health survives --no-control, bad fixtures are 400s. */
describe("item 11: control exposure", () => {
  it("refuses a cross-origin simple POST (foreign Origin) with 403, leaving the world as it was", async () => {
    const s = setup({ seed: "cors" });
    await s.post("/v1/clients", { dba: "Kept", type: "merchant", admin_contact_details: { first_name: "a", last_name: "b", email: "a@b.co" } }, { as: RESELLER });
    const before = (await s.get("/v1/clients?Take=100", { as: RESELLER })).body.data.length;
    for (const path of ["/_mock/reset", "/_mock/sandboxes", "/_mock/clock/advance"]) {
      const r = await s.call("POST", path, { as: null, raw: '{"by":"P1D"}', headers: { origin: "https://evil.example", "content-type": "text/plain" } });
      expectEnvelope(r, 403, "UNAUTHORIZED_ACTION");
    }
    expect((await s.get("/v1/clients?Take=100", { as: RESELLER })).body.data.length).toBe(before);
    expect((await s.get("/_mock/sandboxes", { as: null })).body.sandboxes).toEqual([]);
  });

  it("refuses a control write whose body is neither JSON nor YAML (a form post), 400 naming content-type", async () => {
    const s = setup();
    for (const type of ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"]) {
      const r = await s.call("POST", "/_mock/reset", { as: null, raw: "seed=1", headers: { "content-type": type } });
      expectEnvelope(r, 400, "INVALID_REQUEST_DATA");
      expect(r.body.details).toEqual({ "content-type": "must be application/json or application/yaml" });
    }
  });

  it("lets a same-origin page's fetch with JSON through, and bodiless calls without Origin (curl)", async () => {
    const s = setup();
    const same = await s.call("POST", "http://localhost:4242/_mock/clock/advance", { as: null, raw: '{"by":"PT1H"}', headers: { origin: "http://localhost:4242", host: "localhost:4242", "content-type": "application/json" } });
    expect(same.status, same.text).toBe(200);
    expect((await s.call("POST", "/_mock/reset", { as: null })).status).toBe(200);
    expect((await s.call("DELETE", "/_mock/requests", { as: null })).status).toBe(200);
  });

  it("serves GET /_mock/health with --no-control; every other /_mock route is 404", async () => {
    const d = createDouble({ control: false });
    const health = await d.app.request("/_mock/health");
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: "ok" });
    for (const [method, path] of [["POST", "/_mock/reset"], ["GET", "/_mock/requests"], ["GET", "/_mock/clock"]]) {
      expect((await d.app.request(path, { method })).status).toBe(404);
    }
  });

  it("answers sandbox fixtures naming an unknown client or with bad integration details with 400 and details", async () => {
    const s = setup();
    const client = { id: "CLIENT-01JR00TRESE11ER0000000000R", api_key: "pk_live_x", type: "reseller", dba: "R" };
    const integration = { id: "INTEGRATION-01JR00TRESE11ER0000000000R", processor: "Cardproc", is_active: true };
    const unknown = await s.post("/_mock/sandboxes", { fixtures: { clients: [client], integrations: [{ ...integration, client: "CLIENT-01JR00TRESE11ER0000000000X", integration_details: {} }] } }, { as: null });
    expectEnvelope(unknown, 400, "INVALID_REQUEST_DATA");
    expect(Object.keys(unknown.body.details)).toContain("fixtures.integrations.0.client");
    const bad = await s.post("/_mock/sandboxes", { fixtures: { clients: [client], integrations: [{ ...integration, client: client.id, integration_details: { nonsense: 1 } }] } }, { as: null });
    expectEnvelope(bad, 400, "INVALID_REQUEST_DATA");
    expect(Object.keys(bad.body.details).some((k) => k.startsWith("fixtures.integrations.0.integration_details"))).toBe(true);
  });

  it("refuses a reseller that is its own parent instead of listing it twice", async () => {
    const s = setup();
    const id = "CLIENT-01JR00TRESE11ER0000000000R";
    const r = await s.post("/_mock/sandboxes", { fixtures: { clients: [{ id, api_key: "pk_live_x", type: "reseller", dba: "R", parent_id: id }] } }, { as: null });
    expectEnvelope(r, 400, "INVALID_REQUEST_DATA");
    expect(r.body.details).toEqual({ "fixtures.clients.0.parent_id": "must not be the client itself" });
  });

  it("refuses --fixtures on a FIFO at once with a clear error instead of hanging", () => {
    const dir = mkdtempSync(join(tmpdir(), "fifo-"));
    const fifo = join(dir, "fixtures.yaml");
    execFileSync("mkfifo", [fifo]);
    expect(() => createDouble({ fixtures: fifo })).toThrow(/not a regular file/);
    writeFileSync(join(dir, "ok.txt"), "");
  });
});
