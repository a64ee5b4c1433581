import { describe, expect, it } from "vitest";
import type { JournalEntry } from "../../src/gateway/journal.js";
import { replayLog } from "../../src/replay/replay.js";
import { MERCHANT } from "../helpers.js";
import { ACH, CARD } from "../payments-helpers.js";
import { everything, surfaces } from "./surfaces.js";

/** Issue 11 item 6: no secret in clear, whatever field, key, type, path or format it arrives in. */
const PAN = "4111111111111111";
const SPACED = "4111 1111 1111 1111";
const DASHED = "4111-1111-1111-1111";

describe("item 6: secrets", () => {
  it("masks pan, cvv and account_number sent as JSON numbers", async () => {
    const { s, lines } = everything();
    await s.post("/v1/transactions", { type: "SALE", amount: 1000, payment_method: { ...CARD, pan: Number(PAN), cvv: 987 } });
    await s.post("/v1/transactions", { type: "SALE", amount: 1000, payment_method: { ...ACH, account_number: 987654321012 } });
    const { all, journal } = await surfaces(s, lines);
    expect(all).not.toContain(PAN);
    expect(all).not.toContain("987654321012");
    expect(journal).not.toMatch(/"cvv":987/);
    expect(journal).toContain("411111******1111");
  });

  it("masks a PAN used as a metadata key or an unknown body key, also in the 400 that names it", async () => {
    const { s, lines } = everything();
    const unknown = await s.post("/v1/transactions", { type: "SALE", amount: 1000, payment_method: CARD, [PAN]: "x" });
    expect(unknown.status).toBe(400);
    expect(unknown.text).not.toContain(PAN);
    expect(Object.keys(unknown.body.details)).toContain("411111******1111");
    await s.post("/v1/transactions", { type: "SALE", amount: 1000, payment_method: CARD, metadata: { [PAN]: "kept" } });
    const { all } = await surfaces(s, lines);
    expect(all).not.toContain(PAN);
  });

  it("masks a PAN in the URL path and query string", async () => {
    const { s, lines } = everything();
    const r = await s.get(`/v1/transactions/${PAN}`);
    expect(r.text).not.toContain(PAN);
    await s.get(`/v1/transactions?Take=5&note=${PAN}`);
    await s.get(`/v1/transactions/${encodeURIComponent(SPACED)}`);
    const { all, exported, journal } = await surfaces(s, lines);
    expect(all).not.toContain(PAN);
    expect(all).not.toContain("4111%201111%201111%201111");
    // The export still replays the same requests.
    const replayed = await replayLog(exported);
    expect(replayed.steps.map((st) => st.status)).toEqual(JSON.parse(journal).data.map((e: JournalEntry) => e.status));
  });

  it("masks PANs written with spaces or dashes in free text", async () => {
    const { s, lines } = everything();
    await s.post("/v1/transactions", { type: "SALE", amount: 1000, payment_method: CARD, metadata: { note: `card ${SPACED}`, other: `card ${DASHED}` } });
    const { journal, logJson } = await surfaces(s, lines);
    for (const text of [journal, logJson]) {
      expect(text).not.toContain(SPACED);
      expect(text).not.toContain(DASHED);
      expect(text).toContain("4111 11** **** 1111");
    }
  });

  it("shows none of a client_secret's characters", async () => {
    const { s, lines } = everything();
    const secret = "cs_Zq8Xv2Lm9Pw4Rt7Y";
    await s.post("/v1/clients", { dba: "x", client_secret: secret }, { as: MERCHANT });
    const { all } = await surfaces(s, lines);
    expect(all).not.toContain(secret.slice(0, 8));
    expect(all).toContain('"client_secret":"********"');
  });
});
