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
