import { describe, expect, it } from "vitest";
import { expectEnvelope, setup } from "./helpers.js";

/**
 * docs/reference/limits.md, "A repeated query parameter": the control API reads a repeated name as
 * `/v1` does (the comma list of its values), so a single-valued one sent twice fails its own rule
 * instead of quietly taking the first value.
 */
describe("GET /_mock/requests with a repeated query parameter", () => {
  it("refuses `limit=1&limit=2` with the envelope naming `limit`", async () => {
    const { get } = setup();
    await get("/v1/clients");
    await get("/v1/clients");
    const body = expectEnvelope(await get("/_mock/requests?limit=1&limit=2"), 400, "INVALID_REQUEST_DATA");
    expect(Object.keys(body.details ?? {})).toEqual(["limit"]);
  });

  it("refuses a repeated cursor, status and count the same way", async () => {
    const { get } = setup();
    for (const [query, field] of [["after=1&after=2", "after"], ["status=200&status=400", "status"], ["count=true&count=true", "count"]]) {
      const body = expectEnvelope(await get(`/_mock/requests?${query}`), 400, "INVALID_REQUEST_DATA");
      expect(Object.keys(body.details ?? {})).toEqual([field]);
    }
  });

  it("still reads each parameter given once", async () => {
    const { get } = setup();
    await get("/v1/clients");
    await get("/v1/clients");
    const page = await get("/_mock/requests?limit=1&operation=listClients");
    expect(page.status).toBe(200);
    expect(page.body.data).toHaveLength(1);
    expect(page.body.count).toBe(2);
  });
});

describe("the other control reads refuse a repeated single-valued parameter too", () => {
  it("GET /_mock/activity?after=1&after=2 and /_mock/transactions?amount=1&amount=2: 400 naming it", async () => {
    const s = setup();
    for (const [path, name] of [["/_mock/activity?after=1&after=2", "after"], ["/_mock/transactions?amount=1&amount=2", "amount"], ["/_mock/ui/views/transactions?amount=1&amount=2", "amount"]]) {
      const r = await s.get(path!, { as: null });
      expect(r.status, path).toBe(400);
      expect(r.text, path).toContain(name);
    }
  });
});
