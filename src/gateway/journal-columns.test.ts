import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { EntryColumns } from "./journal-columns.js";
import { RAW, type Stored } from "./journal-view.js";
import { isoOf } from "../core/clock.js";

/** Instants and request ids of both forms: the clock's and a uuid (kept as numbers), and others (kept as text). */
const atOf = (seq: number) => (seq % 5 === 0 ? `at${seq}` : seq % 11 === 0 ? "2026-03-02T15:00:00.5Z" : isoOf(Date.UTC(2026, 2, 2, 15) + seq * 337));
const hex = (n: number, width: number) => n.toString(16).padStart(width, "0");
const requestIdOf = (seq: number) => (seq % 4 === 0 ? `r${seq}` : `${hex(seq * 2654435761 % 2 ** 32, 8)}-${hex(seq % 65536, 4)}-4000-8${hex(seq % 4096, 3)}-${hex(seq * 7919, 12)}`);

/** An entry whose every column holds something of its own, so a misplaced slot shows. */
function entry(seq: number): Stored {
  return {
    seq,
    at: atOf(seq),
    request_id: requestIdOf(seq),
    method: seq % 2 ? "GET" : "POST",
    path: `/v1/p${seq}`,
    query: {},
    operation: seq % 3 ? `op${seq}` : null,
    client_id: `c${seq}`,
    status: 200 + (seq % 300),
    error_code: seq % 5 ? null : `E${seq}`,
    rule: `rule${seq}`,
    quirk: seq % 7 ? null : `q${seq}`,
    request_headers: {},
    response_headers: {},
    near_misses: [],
    body: null,
    response: null,
    [RAW]: {
      body: { n: seq },
      text: `{"n":${seq}}`,
      url: `http://x/v1/p${seq}?n=${seq}`,
      answer: `answer${seq}`,
      answerAt: seq * 10,
      answerBytes: seq,
      nearMisses: [{ rule: `near${seq}`, reason: () => "" }],
      headers: { h: `${seq}` },
      queryBytes: seq % 4 ? undefined : seq,
    },
  };
}

/** What a reader sees of an entry (the near misses' reason functions aside). */
const view = (e: Stored | undefined) => e && { ...e, [RAW]: { ...e[RAW]!, nearMisses: e[RAW]!.nearMisses?.map((n) => n.rule) } };

describe("EntryColumns", () => {
  it("holds what a list of entries bounded in count and bytes holds, through wraps, growth and clear", () => {
    // Runs of large and of small entries: the byte bound drops entries (the ring wraps), then many
    // small ones fill it while wrapped, so it grows while wrapped too.
    const cost = fc.oneof(fc.nat(300), fc.nat(10));
    const step = fc.oneof({ arbitrary: fc.array(cost, { minLength: 1, maxLength: 30 }).map((costs) => ({ costs })), weight: 8 }, { arbitrary: fc.constant({ clear: true }), weight: 1 });
    fc.assert(
      fc.property(fc.nat(70), fc.integer({ min: 200, max: 3000 }), fc.array(step, { maxLength: 400 }), (entries, bytes, steps) => {
        let dropped = 0;
        const ring = new EntryColumns({ entries, bytes }, () => dropped++);
        let model: { e: Stored; cost: number }[] = [];
        let seq = 0;
        let modelDropped = 0;
        for (const s of steps) {
          if ("clear" in s) {
            ring.clear();
            model = [];
            continue;
          }
          for (const c of s.costs) {
            const e = entry(++seq);
            while (model.length > 0 && (model.length >= entries || model.reduce((n, m) => n + m.cost, 0) + c > bytes)) {
              model.shift();
              modelDropped++;
            }
            const kept = entries > 0;
            if (kept) model.push({ e, cost: c });
            expect(ring.push(e, c)).toBe(kept);
          }
          expect(dropped).toBe(modelDropped);
          expect(ring.size).toBe(model.length);
          expect(ring.bytes).toBe(model.reduce((n, m) => n + m.cost, 0));
          if (model.length) expect(ring.firstSeq).toBe(model[0]!.e.seq);
          expect([...ring].map(view)).toEqual(model.map((m) => view(m.e)));
          expect(ring.at(model.length)).toBeUndefined();
        }
      }),
      { numRuns: 200, seed: 20261128 },
    );
  });

  it("keeps an answer's place in the text ring set after the push, on the newest entry only", () => {
    const ring = new EntryColumns({ entries: 3, bytes: 1e9 });
    for (let seq = 1; seq <= 5; seq++) {
      ring.push(entry(seq), 1);
      ring.setNewestAnswer({ answer: undefined, answerAt: seq * 1000, answerBytes: seq * 100 });
    }
    expect([...ring].map((e) => [e.seq, e[RAW]!.answer, e[RAW]!.answerAt, e[RAW]!.answerBytes])).toEqual([
      [3, undefined, 3000, 300],
      [4, undefined, 4000, 400],
      [5, undefined, 5000, 500],
    ]);
  });
});
