import { describe, expect, it } from "vitest";
import { ANSWER_CAP, maskText } from "./journal-answer.js";
import { Journal, type JournalEntry, type LiveFacts } from "./journal.js";

const entry = (n: number, answer?: string) => ({
  at: "t",
  request_id: `r${n}`,
  method: "GET",
  path: "/v1/x",
  url: "http://localhost/v1/x",
  operation: null,
  client_id: null,
  status: 200,
  error_code: null,
  rule: null,
  body: undefined,
  answer,
});

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

  it("a body kept as its text reads as its parse, masked, for each entry that sent it", () => {
    const j = new Journal(5);
    const text = JSON.stringify(withCard(0).body);
    for (let n = 1; n <= 3; n++) j.record({ ...withCard(n), body: JSON.parse(text), body_text: n === 2 ? text : ` ${text}` });
    expect(j.entries().map((e) => e.body)).toEqual([maskedBody, maskedBody, maskedBody]);
    expect(JSON.stringify(j.entries())).not.toContain(pan);
  });

  it("masks at once for a log line (masked), and a later read gives the same entry", () => {
    const j = new Journal(5);
    const line = j.masked(j.record(withCard(1)));
    expect(line.body).toEqual(maskedBody);
    expect(j.entries()[0]).toEqual(line);
  });
});

describe("Journal lookup by seq", () => {
  it("finds entries still in the ring, across wraps, and nothing else", () => {
    const j = new Journal(3);
    for (let n = 1; n <= 7; n++) j.record(entry(n));
    expect([5, 6, 7].map((seq) => j.get(seq)?.request_id)).toEqual(["r5", "r6", "r7"]);
    for (const seq of [0, 4, 8, 5.5, -1]) expect(j.get(seq)).toBeUndefined();
    j.clear();
    expect(j.get(7)).toBeUndefined();
  });
});

describe("Journal listeners", () => {
  it("hear each entry masked, with its live facts, after it is recorded; a throwing one is ignored", () => {
    const j = new Journal(5);
    const heard: [JournalEntry, LiveFacts, number][] = [];
    j.subscribe(() => {
      throw new Error("broken tab");
    });
    const stop = j.subscribe((e, live) => heard.push([e, live, j.entries().length]));
    j.record({ ...entry(1), body: { pan: "4242424242424242" } }, { latency_ms: 1.5 });
    expect(heard).toHaveLength(1);
    expect(heard[0][0].body).toEqual({ pan: "424242******4242" });
    expect(heard[0][1]).toEqual({ latency_ms: 1.5 });
    expect(heard[0][2]).toBe(1);
    stop();
    j.record(entry(2));
    expect(heard).toHaveLength(1);
  });

  it("give a view whose JSON is the whole masked entry and whose spread holds nothing unmasked", () => {
    const j = new Journal(5);
    const views: JournalEntry[] = [];
    j.subscribe((e) => views.push(e));
    j.record({ ...entry(1), url: "http://localhost/v1/x?pan=4242424242424242", body: { pan: "4242424242424242", cvv: "123" } });
    const [view] = views;
    const spread = JSON.stringify({ ...view });
    expect(spread).not.toContain("4242424242424242");
    expect(spread).not.toContain("123");
    expect(JSON.parse(JSON.stringify(view))).toEqual(j.get(1));
  });
});

describe("Journal answers", () => {
  it("keeps an answer up to the cap, parsed and masked; a longer one as a marker with its first bytes", () => {
    const j = new Journal(5);
    j.record(entry(1, JSON.stringify({ pan: "4242424242424242", ok: true })));
    const long = JSON.stringify({ items: "é".repeat(ANSWER_CAP) });
    j.record(entry(2, long));
    j.record(entry(3, '{"half": "cut'));
    const [small, big, malformed] = j.entries();
    expect(small.response).toEqual({ pan: "424242******4242", ok: true });
    expect(big.response).toMatchObject({ truncated: true, bytes: Buffer.byteLength(long) });
    const preview = (big.response as { preview: string }).preview;
    expect(Buffer.byteLength(preview)).toBeLessThanOrEqual(ANSWER_CAP);
    expect(long.startsWith(preview)).toBe(true);
    expect(malformed.response).toBe('{"half": "cut');
    expect(j.get(9)).toBeUndefined();
  });

  it("masks text that does not parse: secret values, PAN-length digit runs and a run cut at the end", () => {
    expect(maskText('{"cvv":"123","note":"4242424242424242","pan":"42424242')).toBe('{"cvv":"***","note":"424242******4242","pan":"********');
    expect(maskText('{"n": 42424')).toBe('{"n": *****');
  });
});

describe("Journal answers off the heap", () => {
  it("reads every kept entry's answer exactly, across many reuses of its buffer, by entries and by bytes", () => {
    // 300 B to 13 KB answers, some not ASCII; a ring of 40 entries and 200 KB: the bytes bound drops
    // entries too, and the answer buffer (64 KB at first) fills and wraps again and again.
    const answer = (n: number) => JSON.stringify({ n, note: (n % 3 === 0 ? "é€" : "ab").repeat(150 + ((n * 7919) % 2500)) });
    const j = new Journal({ entries: 40, bytes: 200_000 });
    const read = new Set<number>();
    for (let n = 1; n <= 3000; n++) {
      j.record(entry(n, answer(n)));
      // Read some entries as they arrive, others only later: masking and release in any order.
      if (n % 7 === 0) expect(j.get(j.lastSeq)!.response).toEqual(JSON.parse(answer(n)));
      if (n % 500 === 0) {
        for (const e of j.entries()) {
          expect(e.response).toEqual(JSON.parse(answer(e.seq)));
          read.add(e.seq);
        }
      }
    }
    expect(read.size).toBeGreaterThan(20);
    expect(j.size).toBeLessThanOrEqual(40);
  });
});
