import fc from "fast-check";
import { describe, expect, test } from "vitest";
import type { ClientScope } from "../src/gateway/auth.js";
import { closeBatches, settleBatch } from "../src/gateway/batches/service.js";
import { markRemovedFromBatch } from "../src/gateway/transactions/effects.js";
import { cancelTransaction, captureTransaction, createTransaction } from "../src/gateway/transactions/service.js";
import { createDouble } from "../src/index.js";
import { MERCHANT } from "./helpers.js";
import { ACH, CARD } from "./payments-helpers.js";

/** The batch columns recomputed from scratch over the members, as "Batch amounts" in docs/reference/decisions.md defines them. */
function recomputed(members: { type: string; result: string; status: string; amount: number }[]) {
  const s = { approved_amount: 0, captured_amount: 0, refund_amount: 0, void_amount: 0, net_amount: 0, batch_net_amount: 0 };
  for (const m of members) {
    if (m.result !== "APPROVED" || m.status === "removed") continue;
    const debit = m.type === "SALE" || m.type === "CAPTURE";
    if (debit) s.approved_amount += m.amount;
    if (m.status === "voided") s.void_amount += m.amount;
    else if (debit) s.captured_amount += m.amount;
    else s.refund_amount += m.amount;
  }
  s.net_amount = s.batch_net_amount = s.captured_amount - s.refund_amount;
  return s;
}

const op = fc.oneof(
  fc.record({ k: fc.constant("sale"), amount: fc.integer({ min: 50, max: 5000 }), ach: fc.boolean() }),
  fc.record({ k: fc.constant("auth"), amount: fc.integer({ min: 50, max: 5000 }) }),
  fc.record({ k: fc.constant("payout"), amount: fc.integer({ min: 50, max: 5000 }) }),
  fc.record({ k: fc.constantFrom("capture", "void", "remove"), pick: fc.nat() }),
  fc.record({ k: fc.constant("refund"), pick: fc.nat(), amount: fc.option(fc.integer({ min: 50, max: 5000 })) }),
  fc.record({ k: fc.constantFrom("close", "settle") }),
);

describe("batch sums", () => {
  test("every batch column equals the sum over its members after any sequence of moves", () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 40 }), (ops) => {
        const world = createDouble({ seed: "prop" }).host.root;
        const merchant = world.state.clients.get(MERCHANT.id)!;
        const scope: ClientScope = { caller: merchant, actor: merchant, actingAs: "none" };
        const ids = () => Array.from(world.state.transactions.values(), (t) => t.id);
        for (const o of ops as any[]) {
          try {
            if (o.k === "sale") createTransaction(world, scope, { type: "SALE", amount: o.amount, payment_method: (o.ach ? ACH : CARD) as any });
            else if (o.k === "auth") createTransaction(world, scope, { type: "AUTH", amount: o.amount, payment_method: CARD as any });
            else if (o.k === "payout") createTransaction(world, scope, { type: "PAYOUT", amount: o.amount, payment_method: ACH as any });
            else if (o.k === "close") closeBatches(world, MERCHANT.id);
            else if (o.k === "settle") for (const b of world.state.batches.values()) if (b.status === "closed") settleBatch(world, b.id);
            else {
              const all = ids();
              if (all.length === 0) continue;
              const id = all[o.pick % all.length];
              if (o.k === "capture") captureTransaction(world, scope, id, {});
              else if (o.k === "void") cancelTransaction(world, scope, id, { type: "VOID" });
              else if (o.k === "remove") markRemovedFromBatch(world, id);
              else cancelTransaction(world, scope, id, { type: "REFUND", amount: o.amount ?? undefined });
            }
          } catch (e) {
            const code = (e as { code?: string }).code;
            if (code !== "DUPLICATE_ACTION" && code !== "INVALID_REQUEST_DATA") throw e;
          }
          for (const b of world.state.batches.values()) expect(b.sums).toEqual(recomputed([...b.transactions]));
          for (const t of world.state.transactions.values()) {
            if (t.type === "AUTH" || t.type === "SALE" || t.type === "CAPTURE" || t.type === "PAYOUT") expect(t.used).toBeLessThanOrEqual(t.amount);
          }
        }
      }),
      { numRuns: 150, seed: 4 },
    );
  });
});
