import { describe, expect, it } from "vitest";
import { maskDeep } from "../../src/core/mask.js";
import type { JournalEntry } from "../../src/gateway/journal.js";
import { replayLog } from "../../src/replay/replay.js";
import { RESELLER, setup } from "../helpers.js";

/** Issue 11 item 7: a body nested thousands deep cannot make the journal, the log or the export answer 500. */
const deepObject = (n: number) => '{"dba":"x","a":'.concat('{"a":'.repeat(n), "1", "}".repeat(n), "}");
const deepArray = (n: number) => `{"dba":"x","a":${"[".repeat(n)}${"]".repeat(n)}}`;
const MARKER = "(nested deeper than 64 levels, not shown)";

describe("item 7: deep bodies", () => {
  for (const [name, body] of [
    ["object", deepObject(6000)],
    ["array", deepArray(50_000)],
  ] as const) {
    // A refused body this large is not kept (item 1): the journal shows the refusal marker.
    {
      it(`a ${name} nested past 5,000 levels: the request, GET /_mock/requests, --log json and the export all answer`, async () => {
        const lines: string[] = [];
        const s = setup({ seed: "deep", onRequest: (e: JournalEntry) => lines.push(JSON.stringify(e)) });
        // Sent without the test helper: its leak watch walks bodies recursively.
        const r = await s.double.app.request("/v1/clients", { method: "POST", body, headers: { "Api-Key": RESELLER.key, "Client-Id": RESELLER.id, "content-type": "application/json" } });
        expect([400, 500]).toContain(r.status);
        const journal = await s.get("/_mock/requests", { as: null });
        expect(journal.status).toBe(200);
        expect(journal.text).toContain("not kept");
        expect(lines).toHaveLength(1);
        const exported = await s.get("/_mock/journal/export", { as: null });
        expect(exported.status).toBe(200);
        const replayed = await replayLog(exported.text);
        expect(await (await replayed.app.request("/_mock/requests")).text()).toBe(journal.text);
      });
    }
  }

  it("maskDeep stops at 64 levels with a marker, however deep the value", () => {
    let v: unknown = "4111111111111111";
    for (let i = 0; i < 200_000; i++) v = [v];
    const masked = JSON.stringify(maskDeep({ a: v }));
    expect(masked).toContain(MARKER);
    expect(masked.length).toBeLessThan(400);
  });
});
