import { describe, expect, it } from "vitest";
import { Journal, JOURNAL_BODY_CAP } from "./journal.js";

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

describe("Journal answers and subscribers", () => {
  it("keeps the answer masked, and cuts a body over the cap to a marker with a preview", () => {
    const j = new Journal(5);
    j.record({ ...entry(1), response: { payment_method: { pan: "4242424242424242" } }, error_code: null });
    const big = { text: "x".repeat(JOURNAL_BODY_CAP + 10) };
    j.record({ ...entry(2), body: big });
    const [one, two] = j.entries();
    expect(one.response).toEqual({ payment_method: { pan: "424242******4242" } });
    expect(two.body).toMatchObject({ truncated: true, bytes: JSON.stringify(big).length });
    expect((two.body as { preview: string }).preview).toHaveLength(512);
    expect(one.near_misses).toEqual([]);
    expect(j.get(2)?.request_id).toBe("r2");
    expect(j.get(3)).toBeUndefined();
  });

  it("tells each subscriber about each entry (masked, with its latency), also with a limit of 0, until it stops", () => {
    const j = new Journal(0);
    const seen: [string, unknown, number][] = [];
    const stop = j.subscribe((e, live) => seen.push([e.request_id, e.body, live.latency_ms]));
    j.record({ ...entry(1), body: { pan: "4242424242424242" } }, { latency_ms: 1.5 });
    stop();
    j.record(entry(2));
    expect(seen).toEqual([["r1", { pan: "424242******4242" }, 1.5]]);
    expect(j.entries()).toEqual([]);
  });
});
