import { describe, expect, it } from "vitest";
import { setup } from "./helpers.js";
import { CARD, sale } from "./payments-helpers.js";

/**
 * Issue 20 item 8: every `/v1` answer carries the world's simulated instant (`x-paydouble-now`),
 * so a client builds its reconciliation window (spec Errors rule 3) from the gateway's clock, not
 * its own; `Date` stays wall time, as HTTP says.
 */
describe("x-paydouble-now", () => {
  it("is the simulated arrival instant: the journal's `at`, a create's time_created, on errors too", async () => {
    const t = setup();
    const paid = await t.post("/v1/transactions", sale());
    expect(paid.headers.get("x-paydouble-now")).toBe("2026-03-02T15:00:00.001Z");
    expect(paid.body.time_created).toBe(paid.headers.get("x-paydouble-now"));
    const refused = await t.get("/v1/transactions?limit=0");
    expect(refused.status).toBe(400);
    expect(refused.headers.get("x-paydouble-now")).toBe("2026-03-02T15:00:00.002Z");
    expect((await t.get("/v1/transactions", { as: null })).headers.get("x-paydouble-now")).toBe("2026-03-02T15:00:00.003Z");
    const at = (await t.get("/_mock/requests", { as: null })).body.data.map((e: { at: string }) => e.at);
    expect(at).toEqual(["2026-03-02T15:00:00.001Z", "2026-03-02T15:00:00.002Z", "2026-03-02T15:00:00.003Z"]);
  });

  it("follows the clock and each sandbox's own; control answers do not carry it", async () => {
    const t = setup();
    const advanced = await t.post("/_mock/clock/advance", { by: "P1D" }, { as: null });
    expect(advanced.headers.get("x-paydouble-now")).toBeNull();
    expect((await t.get("/v1/transactions")).headers.get("x-paydouble-now")).toBe("2026-03-03T15:00:00.001Z");
    const box = (await t.post("/_mock/sandboxes", {}, { as: null })).body.id;
    expect((await t.get(`/sandboxes/${box}/v1/transactions`)).headers.get("x-paydouble-now")).toBe("2026-03-02T15:00:00.001Z");
  });

  it("gives a window that finds the payment a 502 created, days after the wall clock", async () => {
    const t = setup({ clockStart: "2031-06-01T12:00:00.000Z" });
    const lost = await t.post("/v1/transactions", sale({ amount: 1999, payment_method: { ...CARD, pan: "4000005020000007", expiry: { month: "12", year: "2035" } } }));
    expect(lost.status).toBe(502);
    const now = Date.parse(lost.headers.get("x-paydouble-now")!);
    const window = new URLSearchParams({ start_date: new Date(now - 60_000).toISOString(), end_date: new Date(now + 60_000).toISOString() });
    const found = await t.get(`/v1/transactions?${window}`);
    expect(found.body.data.map((x: { amount: number; result: string }) => [x.amount, x.result])).toEqual([[1999, "APPROVED"]]);
    // The client's own clock (wall time, years earlier) finds nothing.
    const wall = new URLSearchParams({ start_date: new Date(Date.now() - 60_000).toISOString(), end_date: new Date(Date.now() + 60_000).toISOString() });
    expect((await t.get(`/v1/transactions?${wall}`)).body.data).toEqual([]);
  });
});
