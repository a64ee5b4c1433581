import { describe, expect, it } from "vitest";
import { z } from "zod";
import { expectEnvelope, setup } from "./helpers.js";
import { CARD } from "./payments-helpers.js";

/**
 * A field sent with the wrong type is named with what it must be, not "is required" (spec, Errors:
 * `details` maps each field to its problem): a review found every type error reported as missing.
 */
describe("type errors say what the field must be", () => {
  it("names the type a /v1 body field must have, and keeps 'is required' for an absent one", async () => {
    const s = setup();
    const sale = (extra: Record<string, unknown>) => s.post("/v1/transactions", { type: "SALE", amount: 1000, payment_method: CARD, ...extra });
    expect(expectEnvelope(await sale({ amount: "1000" }), 400, "INVALID_REQUEST_DATA").details).toEqual({ amount: "must be a number" });
    expect(expectEnvelope(await sale({ amount: 12.5 }), 400, "INVALID_REQUEST_DATA").details).toEqual({ amount: "must be an integer" });
    expect(expectEnvelope(await sale({ recurring: "yes" }), 400, "INVALID_REQUEST_DATA").details).toEqual({ recurring: "must be a boolean" });
    expect(expectEnvelope(await sale({ payment_method: { ...CARD, expiry: { month: 12, year: "2030" } } }), 400, "INVALID_REQUEST_DATA").details).toEqual({ "payment_method.expiry.month": "must be a string" });
    const absent = await s.post("/v1/transactions", { type: "SALE", payment_method: CARD });
    expect(expectEnvelope(absent, 400, "INVALID_REQUEST_DATA").details).toEqual({ amount: "is required" });
  });

  it("does the same on the control API", async () => {
    const s = setup();
    const r = await s.post("/_mock/clock/advance", { by: 5 }, { as: null });
    expect(expectEnvelope(r, 400, "INVALID_REQUEST_DATA").details).toEqual({ by: "must be a string" });
  });
});

describe("zod's default messages in the house words", () => {
  it("an enum, a literal, a bound and a union say what the field must be", async () => {
    const s = setup();
    const bad = async (path: string, body: unknown) => expectEnvelope(await s.post(path, body, { as: null }), 400, "INVALID_REQUEST_DATA").details;
    expect(await bad("/_mock/clock/advance", { until: "next" })).toEqual({ until: 'must be "next_event"' });
    expect(await bad("/_mock/reset", { seed: true })).toEqual({ seed: "must be a string or a number" });
    const list = await s.get("/v1/transactions?sort_order=sideways");
    expect(expectEnvelope(list, 400, "INVALID_REQUEST_DATA").details?.sort_order).toMatch(/^must be one of "asc", "desc"/i);
  });

  it("leaves an integrator's own zod schemas in the same process with zod's words", async () => {
    const s = setup();
    await s.post("/_mock/reset", { seed: true }, { as: null });
    expect(z.number().max(5).safeParse(9).error?.issues[0]?.message).toBe("Too big: expected number to be <=5");
  });
});
