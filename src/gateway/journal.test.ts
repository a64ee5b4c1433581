import { describe, expect, it } from "vitest";
import { Journal } from "./journal.js";

const entry = (n: number) => ({ at: "t", request_id: `r${n}`, method: "GET", path: "/v1/x", operation: null, client_id: null, status: 200, rule: null, body: undefined });

describe("Journal ring", () => {
  it("keeps the newest `limit` entries, oldest first, across many wraps and after clear", () => {
    const j = new Journal(3);
    for (let n = 1; n <= 10; n++) {
      j.record(entry(n));
      const want = Array.from({ length: Math.min(n, 3) }, (_, i) => `r${n - Math.min(n, 3) + 1 + i}`);
      expect(j.entries().map((e) => e.request_id)).toEqual(want);
    }
    j.clear();
    j.record(entry(11));
    expect(j.entries().map((e) => e.seq)).toEqual([11]);
  });
});

describe("Journal masking", () => {
  const pan = "4242424242424242";
  const withCard = (n: number) => ({ ...entry(n), method: "POST", body: { payment_method: { pan, cvv: "123" }, note: `card ${pan}` } });
  const maskedBody = { payment_method: { pan: "424242******4242", cvv: "***" }, note: "card 424242******4242" };

  it("masks a body when the entry is read, and never shows the body as sent", () => {
    const j = new Journal(5);
    const recorded = j.record(withCard(1));
    expect(JSON.stringify(recorded)).not.toContain(pan);
    const [read] = j.entries();
    expect(read.body).toEqual(maskedBody);
    expect(JSON.stringify(j.entries())).not.toContain(pan);
    expect(Object.getOwnPropertySymbols(read)).toEqual([]);
  });

  it("masks at once for a log line (masked), and a later read gives the same entry", () => {
    const j = new Journal(5);
    const line = j.masked(j.record(withCard(1)));
    expect(line.body).toEqual(maskedBody);
    expect(j.entries()[0]).toBe(line);
  });
});
