import { describe, expect, test } from "vitest";
import { GatewayError } from "../../core/errors.js";
import { initialStatus, transition, TRANSITIONS, type TxAction, type TxStatus } from "./transaction.js";

const ACTIONS: TxAction[] = ["capture", "void", "refund_part", "refund_rest", "batch_close", "batch_remove", "settle"];

describe("transaction transition table", () => {
  test("every listed move gives its next status", () => {
    for (const [from, moves] of Object.entries(TRANSITIONS)) {
      for (const [action, to] of Object.entries(moves)) expect(transition(from as TxStatus, action as TxAction)).toBe(to);
    }
  });

  test("every move the table does not list is 409 DUPLICATE_ACTION", () => {
    let illegal = 0;
    for (const from of Object.keys(TRANSITIONS) as TxStatus[]) {
      for (const action of ACTIONS) {
        if (TRANSITIONS[from][action]) continue;
        illegal++;
        try {
          transition(from, action);
          throw new Error(`${from} --${action}--> should be illegal`);
        } catch (e) {
          expect(e).toBeInstanceOf(GatewayError);
          expect((e as GatewayError).code).toBe("DUPLICATE_ACTION");
          expect((e as GatewayError).status).toBe(409);
        }
      }
    }
    expect(illegal).toBeGreaterThan(60);
  });

  test("the spec's named moves", () => {
    expect(transition("authorized", "capture")).toBe("captured");
    expect(() => transition("captured", "capture")).toThrow(GatewayError); // capture twice
    expect(transition("pending", "void")).toBe("voided");
    expect(() => transition("voided", "void")).toThrow(GatewayError); // void a void
    expect(() => transition("settled", "void")).toThrow(GatewayError); // void a settled one
    expect(() => transition("pending", "refund_part")).toThrow(GatewayError); // refund an unsettled one
    expect(() => transition("declined", "capture")).toThrow(GatewayError); // capture a declined one
    expect(transition("settled", "refund_part")).toBe("settled");
    expect(transition("settled", "refund_rest")).toBe("refunded");
    expect(() => transition("refunded", "refund_part")).toThrow(GatewayError);
  });

  test("terminal statuses allow nothing", () => {
    for (const s of ["captured", "refunded", "voided", "removed", "declined", "refund_settled", "void_record"] as TxStatus[]) {
      expect(Object.keys(TRANSITIONS[s])).toEqual([]);
    }
  });

  test("initial statuses follow type and result", () => {
    expect(initialStatus("SALE", "APPROVED")).toBe("pending");
    expect(initialStatus("PAYOUT", "APPROVED")).toBe("pending");
    expect(initialStatus("AUTH", "APPROVED")).toBe("authorized");
    expect(initialStatus("SALE", "DECLINED")).toBe("declined");
    expect(initialStatus("AUTH", "ERROR")).toBe("declined");
    expect(initialStatus("REFUND", "APPROVED")).toBe("refund_open");
    expect(initialStatus("CANCEL", "APPROVED")).toBe("void_record");
  });
});
