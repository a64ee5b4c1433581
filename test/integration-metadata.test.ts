import { describe, expect, test } from "vitest";
import { expectEnvelope, setup } from "./helpers.js";
import { cardBody, cardDetails } from "./resources-data.js";

/** The spec's Metadata section, through integrations (the shared schema transactions also use). */

const ID = "INTEGRATION-01JDEM0CARDPR0C00000000000";
const withMetadata = (metadata: unknown) => cardBody({ ...cardDetails(), metadata });

async function expectBad(t: ReturnType<typeof setup>, metadata: unknown, key?: string) {
  const env = expectEnvelope(await t.post("/v1/integrations", withMetadata(metadata)), 400, "INVALID_REQUEST_DATA");
  const names = Object.keys(env.details ?? {});
  expect(names.some((n) => n.startsWith("integration_details.metadata" + (key ? `.${key}` : "")))).toBe(true);
}

const keys = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, "v"]));

describe("integration metadata", () => {
  test("50 keys accepted, 51 rejected", async () => {
    const t = setup();
    const r = await t.post("/v1/integrations", withMetadata(keys(50)));
    expect(r.status).toBe(200);
    expect(Object.keys(r.body.integration_details.metadata)).toHaveLength(50);
    await expectBad(t, keys(51));
  });

  test("keys: 40 characters accepted, 41 rejected; only letters, digits, - and _", async () => {
    const t = setup();
    expect((await t.post("/v1/integrations", withMetadata({ ["a".repeat(40)]: "v", "A-z_9": "v" }))).status).toBe(200);
    await expectBad(t, { ["a".repeat(41)]: "v" }, "a".repeat(41));
    for (const bad of ["a.b", "a b", "é", ""]) await expectBad(t, { [bad]: "v" });
  });

  test("values: strings of at most 500 characters", async () => {
    const t = setup();
    expect((await t.post("/v1/integrations", withMetadata({ k: "x".repeat(500) }))).status).toBe(200);
    await expectBad(t, { k: "x".repeat(501) }, "k");
    for (const bad of [1, true, null, { a: "b" }]) await expectBad(t, { k: bad }, "k");
  });

  test("not an object is rejected", async () => {
    const t = setup();
    for (const bad of ["a", 1, ["a"]]) await expectBad(t, bad);
  });

  test("__proto__ is an ordinary key", async () => {
    const t = setup();
    const r = await t.call("POST", "/v1/integrations", {
      raw: JSON.stringify(cardBody()).replace('"reimbursement_attribute":"Z"', '"reimbursement_attribute":"Z","metadata":{"__proto__":"x"}'),
      headers: { "Content-Type": "application/json" },
    });
    expect(r.status).toBe(200);
    expect(r.text).toContain('"metadata":{"__proto__":"x"}');
  });

  test("update: omitted keeps, a value replaces, null clears", async () => {
    const t = setup();
    const set = await t.post(`/v1/integrations/${ID}`, withMetadata({ a: "1" }));
    expect(set.body.integration_details.metadata).toEqual({ a: "1" });
    const kept = await t.post(`/v1/integrations/${ID}`, cardBody());
    expect(kept.body.integration_details.metadata).toEqual({ a: "1" });
    const cleared = await t.post(`/v1/integrations/${ID}`, withMetadata(null));
    expect(cleared.body.integration_details.metadata).toBeNull();
  });
});
