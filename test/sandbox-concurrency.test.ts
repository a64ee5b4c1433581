import { describe, expect, test } from "vitest";
import { MERCHANT, setup } from "./helpers.js";

/**
 * Issue #7 item 4: parallel sandboxes under concurrent load never see each other's data. Several
 * sandboxes take interleaved payments, captures, voids, lists and clock moves at once; each must
 * list exactly its own transactions and batches, and sandboxes of one seed stay identical.
 */
const card = (pan: string) => ({ type: "Card", entry_method: "ECOMMERCE", pan, expiry: { month: "12", year: "2030" } });

describe("sandboxes under concurrent load", () => {
  test("each sandbox sees exactly its own transactions and batches", async () => {
    const t = setup();
    const roots: string[] = [];
    for (const seed of ["a", "b", "c", "a"]) {
      const r = await t.post("/_mock/sandboxes", { seed }, { as: null });
      expect(r.status).toBe(201);
      roots.push(`/sandboxes/${r.body.id}`);
    }
    const created = new Map<string, string[]>(roots.map((r) => [r, []]));
    const work = roots.flatMap((root, i) =>
      Array.from({ length: 40 }, async (_, n) => {
        const amount = 1000 + i * 100 + n;
        const type = n % 3 === 0 ? "AUTH" : "SALE";
        const r = await t.post(`${root}/v1/transactions`, { type, amount, payment_method: card("4242424242424242") });
        expect(r.status).toBe(200);
        created.get(root)!.push(r.body.id);
        if (type === "AUTH") expect((await t.post(`${root}/v1/transactions/${r.body.id}/capture`, {})).status).toBe(200);
        else if (n % 5 === 0) expect((await t.post(`${root}/v1/transactions/${r.body.id}/cancel`, { type: "VOID" })).status).toBe(200);
        if (n % 7 === 0) expect((await t.get(`${root}/v1/transactions?limit=5`)).status).toBe(200);
        if (n % 11 === 0) expect((await t.post(`${root}/_mock/clock/advance`, { by: "PT1M" }, { as: null })).status).toBe(200);
      }),
    );
    await Promise.all(work);

    const everyId = new Set([...created.values()].flat());
    for (const [root, ids] of created) {
      const listed = new Set<string>();
      for (let offset = 0; ; offset += 100) {
        const page = await t.get(`${root}/v1/transactions?limit=100&offset=${offset}`);
        for (const row of page.body.data) listed.add(row.reference_transaction_id ?? row.id);
        if (!page.body.has_more) break;
      }
      expect([...listed].sort()).toEqual([...ids].sort());
      for (const other of everyId) if (!ids.includes(other)) expect(listed.has(other)).toBe(false);
      const batches = await t.get(`${root}/v1/batches`);
      for (const b of batches.body.data) expect(b.client_id).toBe(MERCHANT.id);
    }
    // The root world saw none of it.
    expect((await t.get("/v1/transactions")).body.data).toEqual([]);
  });
});
