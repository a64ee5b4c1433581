import { describe, expect, test } from "vitest";
import { MERCHANT, RESELLER, setup } from "./helpers.js";
import { achMethod, cardBody, cardMethod } from "./resources-data.js";

/** Same seed + same requests = same bytes, over the resource surface. */
async function run(seed: string) {
  const t = setup({ seed });
  const out: string[] = [];
  const acting = { ...RESELLER, actingAs: MERCHANT.id };
  for (const r of [
    await t.post("/v1/integrations", cardBody()),
    await t.post("/v1/payment_tokens", { payment_method: cardMethod(), customer_id: "c" }),
    await t.post("/v1/payment_tokens", { payment_method: achMethod() }, { as: acting }),
    await t.post("/v1/users", { first_name: "A", last_name: "B", email: "a@b.com" }),
    await t.post("/v1/mfa/challenges", { type: "2fa", email: "a@b.com" }),
    await t.get("/v1/payment_tokens"),
    await t.get("/v1/users"),
    await t.get("/v1/integrations"),
  ]) {
    out.push(`${r.status} ${r.headers.get("x-request-id")} ${r.text}`);
  }
  return out;
}

describe("resource determinism", () => {
  test("two doubles with one seed answer byte for byte alike; another seed changes the ids", async () => {
    const a = await run("same");
    expect(await run("same")).toEqual(a);
    expect(await run("other")).not.toEqual(a);
  });
});
