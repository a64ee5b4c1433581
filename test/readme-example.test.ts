// The integrator's vitest file shown in the README, run as written (with a tiny fetch client standing
// in for the integrator's own payments code), so the README example cannot drift from the product.
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { startDouble, type RunningDouble } from "../src/index.js";

const merchant = { "Api-Key": "pk_live_01JDEM0MERCHANTKEY00000000", "Client-Id": "CLIENT-01JDEM0MERCHANT00000000000" };

/** The integrator's code under test: charge, and on a 502 reconcile before retrying. */
async function chargeOnce(baseUrl: string, body: object): Promise<{ id: string }> {
  const post = () =>
    fetch(`${baseUrl}/v1/transactions`, { method: "POST", headers: { ...merchant, "content-type": "application/json" }, body: JSON.stringify(body) });
  const res = await post();
  if (res.status !== 502) return res.json();
  const list = await fetch(`${baseUrl}/v1/transactions?limit=5`, { headers: merchant }).then((r) => r.json());
  const found = list.data.find((t: { amount: number }) => t.amount === (body as { amount: number }).amount);
  return found ?? (await post()).json();
}

// --- README example starts here ---
let gateway: RunningDouble;
beforeAll(async () => {
  gateway = await startDouble({ seed: "ci" });
});
afterAll(() => gateway.close());
beforeEach(async () => {
  await gateway.reset();
});

it("charges a card exactly once when the gateway answers 502 after creating it", async () => {
  await gateway.scenarios.load(`
version: 1
name: sale-502-after-create
rules:
  - name: first sale is lost
    when: { operation: createTransaction, times: 1 }
    then: { fail: { error: DOWNSTREAM_ERROR, created: APPROVED } }
`);
  const sale = await chargeOnce(gateway.url, {
    type: "SALE",
    amount: 1234,
    payment_method: { type: "Card", entry_method: "ECOMMERCE", pan: "4242424242424242", expiry: { month: "12", year: "2030" } },
  });
  expect(sale.id).toMatch(/^TRANSACTION-/);
  expect(await gateway.requests.count({ operation: "createTransaction" })).toBe(1);
  const { fired } = await gateway.clock.advance({ until: "next_event" }); // the batch closes at 22:00 New York
  expect(fired[0].event).toBe("batch_auto_close");
});
// --- README example ends here ---
