import { describe, expect, test } from "vitest";
import { applySet, primaryOf } from "./apply.js";

describe("outcome helpers", () => {
  test("primaryOf names the primary, approve by default", () => {
    expect(primaryOf(undefined)).toBe("approve");
    expect(primaryOf({ card_type: "DEBIT" })).toBe("approve");
    expect(primaryOf({ decline: { code: "05", description: "Do not honor" } })).toBe("decline");
    expect(primaryOf({ fail: { error: "SYSTEM_ERROR" } })).toBe("fail");
    expect(primaryOf({ transport: "reset" })).toBe("transport");
  });

  test("applySet writes dotted paths on a copy and refuses prototype keys", () => {
    const wire = { network_transaction_id: "n1", payment_method: { avs_result_code: "Y", cvv_result_code: "M" } };
    const out = applySet(wire, { "payment_method.avs_result_code": "N", network_transaction_id: null, "__proto__.x": 1 });
    expect(out).toEqual({ network_transaction_id: null, payment_method: { avs_result_code: "N", cvv_result_code: "M" } });
    expect(wire.payment_method.avs_result_code).toBe("Y");
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });
});
