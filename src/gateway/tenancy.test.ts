import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { pageOf } from "./paging.js";
import { newestFirst, newestPage } from "./tenancy.js";

interface Row {
  id: string;
  created_at: number;
  tag: number;
}

/** Per-owner lists in creation order: created_at never decreases, many rows share a millisecond. */
const owners = fc.array(
  fc.array(fc.record({ step: fc.integer({ min: 0, max: 2 }), tag: fc.integer({ min: 0, max: 2 }) }), { maxLength: 30 }),
  { minLength: 1, maxLength: 4 },
);

describe("newestPage", () => {
  it("gives the page that sorting every row (newestFirst + pageOf) gives, filtered or not", () => {
    fc.assert(
      fc.property(owners, fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 25 }), fc.option(fc.integer({ min: 0, max: 2 })), fc.integer(), (spec, offset, limit, tag, salt) => {
        const byId = new Map<string, Row>();
        let n = 0;
        const lists = spec.map((rows, o) => {
          let at = 1000;
          return rows.map(({ step, tag: t }) => {
            at += step;
            // ids in no particular order within a millisecond (ULID random parts are not monotonic)
            const id = `R-${((n++ * 7919 + salt) >>> 0).toString(36).padStart(8, "0")}-${o}`;
            byId.set(id, { id, created_at: at, tag: t });
            return id;
          });
        });
        const keep = tag === null ? undefined : (r: Row) => r.tag === tag;
        const all = lists.flat().map((id) => byId.get(id)!).filter((r) => !keep || keep(r));
        const want = pageOf(newestFirst(all, (r) => r.id), { offset, limit });
        const got = newestPage(lists, (id) => byId.get(id)!, (r) => r.id, { offset, limit }, keep);
        expect(got).toEqual(want);
      }),
      { numRuns: 300 },
    );
  });
});
