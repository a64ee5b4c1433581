import { describe, expect, test } from "vitest";
import { setup } from "../helpers.js";
import { close } from "../payment-flow.js";
import { achSale, expectTransaction, sale } from "../payments-helpers.js";

/**
 * After `paydouble ctl trigger settle` (`POST /_mock/batches/{id}/settle`) the batch's
 * `batch_settle` event must leave `GET /_mock/clock`'s pending list: it would settle a settled
 * batch. Reported after issue 21; not reproduced (settleBatch cancels the event), so these guard it:
 * a batch closed by the call, by its auto-close, an ACH batch, a sandbox, a scenario's delay.
 */
type T = ReturnType<typeof setup>;
const pending = async (t: T, root: string) => ((await t.get(`${root}/_mock/clock`, { as: null })).body.pending as { event: string; subject: string }[]).map((e) => `${e.event} ${e.subject}`);

async function settledEarly(t: T, how: "close call" | "auto-close", root = "", body: object = sale()) {
  const tx = expectTransaction(await t.post(`${root}/v1/transactions`, body));
  if (how === "close call") await close(t, "Cardproc", root);
  else expect((await t.post(`${root}/_mock/clock/advance`, { until: "next_event" }, { as: null })).status).toBe(200);
  expect(await pending(t, root)).toContain(`batch_settle ${tx.batch_id}`);
  expect((await t.post(`${root}/_mock/batches/${tx.batch_id}/settle`, undefined, { as: null })).body.status).toBe("settled");
  return { pending: await pending(t, root), batch: tx.batch_id as string };
}

describe("a batch settled by the control API is no longer pending", () => {
  test("closed by the close call", async () => {
    const { pending, batch } = await settledEarly(setup(), "close call");
    expect(pending.filter((p) => p.endsWith(batch))).toEqual([]);
  });

  test("closed at its auto-close, an ACH batch, a sandbox", async () => {
    const t = setup();
    expect((await settledEarly(t, "auto-close", "", achSale())).pending.filter((p) => p.startsWith("batch_"))).toEqual([]);
    const root = `/sandboxes/${(await t.post("/_mock/sandboxes", {}, { as: null })).body.id}`;
    expect((await settledEarly(t, "auto-close", root)).pending.filter((p) => p.startsWith("batch_"))).toEqual([]);
  });

  test.each([8002, 8012])("with a settlement delay from a scenario (amount %i)", async (amount) => {
    const t = setup({ scenarios: ["settlement-delays"] });
    const { pending, batch } = await settledEarly(t, "auto-close", "", sale({ amount }));
    expect(pending.filter((p) => p.endsWith(batch))).toEqual([]);
  });
});
