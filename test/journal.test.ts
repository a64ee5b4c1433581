import { describe, expect, it } from "vitest";
import { expectEnvelope, RESELLER, setup } from "./helpers.js";

const merchantBody = (dba: string) => ({
  dba,
  type: "merchant",
  admin_contact_details: { first_name: "Ada", last_name: "Lovelace", email: "ada@example.com" },
});

describe("GET /_mock/requests", () => {
  it("filters by operation, status and client_id, newest last, with limit and count", async () => {
    const { get, post } = setup();
    await post("/v1/clients", merchantBody("One"), { as: RESELLER });
    await post("/v1/clients", { type: "merchant" }, { as: RESELLER });
    await post("/v1/clients", merchantBody("Two"), { as: RESELLER });
    await get("/v1/clients");
    const ok = (await get("/_mock/requests?operation=createClient&status=200")).body;
    expect(ok.count).toBe(2);
    expect(ok.data.map((e: any) => e.body.dba)).toEqual(["One", "Two"]);
    expect((await get("/_mock/requests?operation=createClient&status=200&count=true")).body).toEqual({ count: 2 });
    expect((await get("/_mock/requests?operation=createClient&status=400&count=true")).body).toEqual({ count: 1 });
    expect((await get(`/_mock/requests?client_id=${RESELLER.id}&count=true`)).body).toEqual({ count: 3 });
    const last = (await get("/_mock/requests?limit=1")).body;
    expect(last.data).toHaveLength(1);
    expect(last.data[0].operation).toBe("listClients");
    expect(last.count).toBe(4);
  });

  it("rejects unknown filters and bad values with the envelope", async () => {
    const { get } = setup();
    expect(expectEnvelope(await get("/_mock/requests?colour=red"), 400, "INVALID_REQUEST_DATA").details).toHaveProperty("colour");
    expect(expectEnvelope(await get("/_mock/requests?status=abc"), 400, "INVALID_REQUEST_DATA").details).toHaveProperty("status");
  });

  it("masks card numbers, account numbers, CVVs and client secrets in recorded bodies", async () => {
    const { get, post } = setup();
    await post("/v1/clients", { ...merchantBody("Masked"), pan: "4242424242424242", cvv: "123", account_number: "000123456789", client_secret: "cs_live_0123456789abcdef", note: "card 4111111111111111" }, { as: RESELLER });
    const text = (await get("/_mock/requests")).text;
    for (const secret of ["4242424242424242", "4111111111111111", "\"123\"", "000123456789", "cs_live_0123456789abcdef"]) expect(text).not.toContain(secret);
    expect(text).toContain("424242******4242");
  });

  it("is bounded by the journal limit, oldest dropped first", async () => {
    const { get } = setup({ journalLimit: 3 });
    for (let i = 0; i < 5; i++) await get("/v1/clients");
    const all = (await get("/_mock/requests")).body;
    expect(all.count).toBe(3);
    expect(all.data.map((e: any) => e.seq)).toEqual([3, 4, 5]);
  });

  it("DELETE clears it", async () => {
    const { call, get } = setup();
    await get("/v1/clients");
    expect((await call("DELETE", "/_mock/requests", { as: null })).body).toEqual({ status: "cleared" });
    expect((await get("/_mock/requests?count=true")).body).toEqual({ count: 0 });
  });
});
