import { describe, expect, it } from "vitest";
import { conceal, reveal } from "../core/seal.js";
import { ChangeLog, type ChangeEntry } from "./changes.js";

const at = (ms: number) => new Date(Date.UTC(2026, 2, 2, 15) + ms).toISOString();
const headers = (key: string) => ({ "api-key": key, "client-id": "CLIENT-1", "content-type": "application/json" });

function entries(n: number, salt: string): ChangeEntry[] {
  return Array.from({ length: n }, (_, i): ChangeEntry => ({
    kind: i % 7 === 0 ? "control" : "request",
    method: i % 3 === 0 ? "GET" : "POST",
    path: i % 3 === 0 ? `/v1/transactions?limit=${i % 2}` : "/v1/transactions",
    headers: headers(`k${i % 2}${salt}`),
    body: i % 3 === 0 ? null : JSON.stringify({ pan: "4242424242424242", n: i % 5, name: "Zoë ✓" }),
    rid: i * 2,
    at: at(i),
  }));
}

describe("ChangeLog", () => {
  it("gives back every entry as recorded, in order, over several storage chunks", () => {
    const log = new ChangeLog();
    const want = entries(40_000, "");
    for (const e of want) log.record(e);
    expect(log.length).toBe(40_000);
    expect(log.entries).toEqual(want);
  });

  it("hands back one shared object per header set, equal to what was sent", () => {
    const log = new ChangeLog();
    const [a, b, c] = entries(3, "");
    for (const e of [a, b, c]) log.record(e);
    // a and c: same caller (k0); b: another key. The journal keeps the shared one, not one per request.
    expect(a.headers).toBe(c.headers);
    expect(a.headers).not.toBe(b.headers);
    expect(c.headers).toEqual(headers("k0"));
  });

  it("takes back the set it kept for the last entry as that set, and any other by its content", () => {
    const log = new ChangeLog();
    const [a, b, c, d] = entries(4, "");
    log.record(a);
    const kept = a.headers;
    b.headers = kept; // the pipeline hands the last set back when a request repeats its headers
    c.headers = headers("other");
    log.record(b);
    log.record(c);
    d.headers = kept; // no longer the last one: found by content
    log.record(d);
    expect([b.headers, c.headers, d.headers]).toEqual([kept, headers("other"), kept]);
    expect(d.headers).toBe(kept);
    expect(log.entries.map((e) => e.headers)).toEqual([kept, kept, headers("other"), kept]);
  });

  it("a reset's log starts with the history it adopts", () => {
    const before = new ChangeLog();
    const first = entries(10, "a");
    for (const e of first) before.record(e);
    const after = new ChangeLog();
    const own = entries(3, "b");
    for (const e of own) after.record(e);
    after.adopt(before, { seed: "s" });
    expect(after.entries).toEqual([...first, ...own]);
    expect(after.origin).toEqual({ seed: "s" });
    expect(before.entries).toEqual([]);
  });
});

describe("conceal", () => {
  it("hides the digits of a body, takes one character per byte and comes back exactly", () => {
    const text = JSON.stringify({ pan: "4242424242424242", account_number: "000123456789", name: "Zoë ✓" });
    const stored = conceal(text);
    expect(stored).not.toMatch(/\d{6,}/);
    expect(stored.length).toBe(Buffer.byteLength(text));
    expect(reveal(stored)).toBe(text);
  });
});
