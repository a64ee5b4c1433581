import { describe, expect, test } from "vitest";
import { SimClock } from "./clock.js";
import { addDuration, durationMs, parseDuration } from "./duration.js";
import { IdFactory, packUuid, uuidText } from "./ids.js";
import { maskDeep, truncatePan } from "./mask.js";
import { RandomStreams } from "./random.js";
import { Scheduler } from "./scheduler.js";
import { SharedValues } from "./shared-values.js";
import { encodeTime, ulid } from "ulid";
import fc from "fast-check";

describe("durations", () => {
  test("parses the ISO 8601 forms paydouble uses", () => {
    expect(durationMs(parseDuration("PT0.001S")!)).toBe(1);
    expect(durationMs(parseDuration("P3D")!)).toBe(3 * 86_400_000);
    expect(durationMs(parseDuration("PT36H")!)).toBe(36 * 3_600_000);
    expect(durationMs(parseDuration("P1W")!)).toBe(7 * 86_400_000);
    expect(durationMs(parseDuration("PT0S")!)).toBe(0);
  });
  test("rejects what is not a duration", () => {
    for (const bad of ["", "P", "PT", "3D", "P1.5D", "PT1.0001S", "-P1D", "P1DT"]) expect(parseDuration(bad), bad).toBeNull();
  });
  test("months are calendar months", () => {
    expect(new Date(addDuration(Date.parse("2026-01-31T00:00:00Z"), parseDuration("P1M")!)).toISOString()).toBe("2026-03-03T00:00:00.000Z");
  });
});

describe("scheduler", () => {
  test("fires in (time, sequence) order", () => {
    const s = new Scheduler();
    s.schedule(20, "b", "x", 1);
    s.schedule(10, "a", "x", 2);
    s.schedule(20, "c", "x", 3);
    s.schedule(5, "d", "x", 4);
    const out: string[] = [];
    for (let e = s.popDue(20); e; e = s.popDue(20)) out.push(e.event);
    expect(out).toEqual(["d", "a", "b", "c"]);
  });
  test("a cancelled event never pops, shows or counts, also at the head; the rest keep their order", () => {
    const s = new Scheduler();
    for (let i = 0; i < 10; i++) s.schedule(10 + (i % 3), `e${i}`, i % 2 ? "odd" : "even", i);
    s.cancel((e) => e.subject === "even");
    expect(s.size).toBe(5);
    expect(s.peek()?.event).toBe("e3"); // e0 (at 10) was the head
    expect(s.pending().map((e) => e.event)).toEqual(["e3", "e9", "e1", "e7", "e5"]);
    s.schedule(10, "late", "even", 0);
    const out: string[] = [];
    for (let e = s.popDue(20); e; e = s.popDue(20)) out.push(e.event);
    expect(out).toEqual(["e3", "e9", "late", "e1", "e7", "e5"]);
    expect(s.size).toBe(0);
  });
  test("events scheduled and cancelled again and again leave the others whole (the heap is rebuilt as they pile up)", () => {
    const s = new Scheduler();
    s.schedule(5, "kept", "k", 0);
    for (let i = 0; i < 1000; i++) {
      s.schedule(1e12, "far", "f", i);
      s.cancel((e) => e.event === "far");
    }
    expect(s.size).toBe(1);
    expect(s.pending().map((e) => e.event)).toEqual(["kept"]);
    expect(s.popDue(1e13)?.event).toBe("kept");
    expect(s.popDue(1e13)).toBeUndefined();
  });
  test("permanent events fire in the same (time, sequence) order as the others and no cancel drops them", () => {
    const s = new Scheduler();
    for (let i = 0; i < 12; i++) s.schedule(10 + (i % 3), `e${i}`, "x", i, { permanent: i % 2 === 1 });
    s.cancel(() => true);
    expect(s.size).toBe(6);
    expect(s.peek()?.event).toBe("e3");
    expect(s.pending().map((e) => e.event)).toEqual(["e3", "e9", "e1", "e7", "e5", "e11"]);
    s.schedule(10, "late", "x", 0);
    const out: string[] = [];
    for (let e = s.popDue(11); e; e = s.popDue(11)) out.push(e.event);
    expect(out).toEqual(["e3", "e9", "late", "e1", "e7"]);
    expect(s.pending().map((e) => e.event)).toEqual(["e5", "e11"]);
  });
  test("agrees with a sorted list on any mix of schedules (permanent or not), cancels, peeks, pops and first pages", () => {
    // Few instants, so permanent events share groups and tie with the heap's at the same instant; a
    // group's events and payloads are mostly one event with its subject, sometimes not. A number
    // subject is named `#n` when read.
    const op = fc.oneof(
      fc.record({ schedule: fc.integer({ min: 0, max: 6 }), permanent: fc.boolean(), subject: fc.constantFrom<string | number>("a", "b", "c", 1, 2), renew: fc.boolean(), ownPayload: fc.boolean() }),
      fc.record({ cancel: fc.constantFrom("a", "b", "c", "#1") }),
      fc.record({ pop: fc.integer({ min: -1, max: 7 }) }),
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 200 }), (ops) => {
        const s = new Scheduler((_event, key) => `#${key}`);
        let model: { at: number; seq: number; event: string; subject: string; payload: unknown; permanent: boolean }[] = [];
        let seq = 0;
        const order = (a: { at: number; seq: number }, b: { at: number; seq: number }) => a.at - b.at || a.seq - b.seq;
        for (const o of ops) {
          if ("schedule" in o) {
            const event = o.permanent ? (o.renew ? "renew" : "expire") : "settle";
            const payload = o.ownPayload ? seq : o.subject;
            s.schedule(o.schedule, event, o.subject, payload, { permanent: o.permanent });
            model.push({ at: o.schedule, seq: seq++, event, subject: typeof o.subject === "number" ? `#${o.subject}` : o.subject, payload, permanent: o.permanent });
          } else if ("cancel" in o) {
            s.cancel((e) => e.subject === o.cancel);
            model = model.filter((e) => e.permanent || e.subject !== o.cancel);
          } else {
            model.sort(order);
            const due = model[0] && model[0].at <= o.pop ? model.shift() : undefined;
            const got = s.popDue(o.pop);
            expect(got && [got.at, got.seq, got.event, got.subject, got.payload]).toEqual(due && [due.at, due.seq, due.event, due.subject, due.payload]);
          }
          model.sort(order);
          expect(s.size).toBe(model.length);
          expect(s.peek()?.seq).toBe(model[0]?.seq);
          expect(s.pending().map((e) => [e.at, e.seq, e.event, e.subject, e.payload])).toEqual(model.map((e) => [e.at, e.seq, e.event, e.subject, e.payload]));
          expect(s.pending(3).map((e) => e.seq)).toEqual(model.slice(0, 3).map((e) => e.seq));
        }
      }),
      { numRuns: 300, seed: 20261128 },
    );
  });
  test("a subject given as a number is named when an event is read, permanent or not; its payload stays as given", () => {
    const s = new Scheduler((event, key) => `${event}:${key}`);
    s.schedule(10, "expire", 7, 7, { permanent: true });
    s.schedule(10, "expire", 8, { own: 8 }, { permanent: true });
    s.schedule(5, "settle", 3, 3);
    s.schedule(6, "settle", 4, 4);
    expect(s.pending().map((e) => [e.subject, e.payload])).toEqual([["settle:3", 3], ["settle:4", 4], ["expire:7", 7], ["expire:8", { own: 8 }]]);
    s.cancel((e) => e.subject === "settle:3");
    expect(s.peek()?.subject).toBe("settle:4");
    const out = [];
    for (let e = s.popDue(10); e; e = s.popDue(10)) out.push([e.event, e.subject, e.payload]);
    expect(out).toEqual([["settle", "settle:4", 4], ["expire", "expire:7", 7], ["expire", "expire:8", { own: 8 }]]);
    // A scheduler told no names refuses to show a number as an id.
    const unnamed = new Scheduler();
    unnamed.schedule(1, "expire", 1, 1, { permanent: true });
    expect(() => unnamed.peek()).toThrow(/no name/);
  });
  test("only due events pop; cancel drops matching ones", () => {
    const s = new Scheduler();
    s.schedule(10, "a", "x", 0);
    s.schedule(30, "b", "y", 0);
    expect(s.popDue(5)).toBeUndefined();
    s.cancel((e) => e.subject === "y");
    expect(s.pending().map((e) => e.event)).toEqual(["a"]);
  });
});

describe("ids and random streams", () => {
  test("ids have the prefix, the clock's time and a per-kind stream", () => {
    const clock = new SimClock(Date.parse("2026-03-02T15:00:00Z"), 1);
    const a = new IdFactory(clock, new RandomStreams("s"));
    const b = new IdFactory(clock, new RandomStreams("s"));
    a.next("CLIENT");
    expect(a.next("TRANSACTION")).toBe(b.next("TRANSACTION"));
    expect(a.next("BATCH")).toMatch(/^BATCH-01KJQH0CC0[0-9A-HJKMNP-TV-Z]{16}$/);
  });
  test("ids are the ulid package's ULIDs for the same time and stream", () => {
    for (const seed of ["s", "other", "paydouble"]) {
      const ours = new RandomStreams(seed);
      const theirs = new RandomStreams(seed);
      const clock = new SimClock(Date.parse("2026-03-02T15:00:00Z"), 0);
      const ids = new IdFactory(clock, ours);
      for (let i = 0; i < 200; i++) {
        const t = clock.now() + 7 * i;
        clock.set(t);
        expect(ids.next("TRANSACTION")).toBe(`TRANSACTION-${ulid(t, theirs.stream("TRANSACTION"))}`);
        expect(ids.token("secret")).toBe(ulid(t, theirs.stream("secret")));
      }
    }
  });
  test("ids are the ulid package's at any instant the clock can hold, whatever forms are drawn in between", () => {
    // Each form writes into its own reused buffer: one form's id must not leak into another's.
    const step = fc.record({ t: fc.integer({ min: 0, max: Date.parse("9999-12-31T23:59:59.999Z") }), form: fc.constantFrom("TRANSACTION", "PAYMENT_TOKEN", "token", "uuid") });
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 20 }), (steps) => {
        const clock = new SimClock(0, 0);
        const ids = new IdFactory(clock, new RandomStreams("p"));
        const theirs = new RandomStreams("p");
        const uuids = new IdFactory(new SimClock(0, 0), new RandomStreams("p"));
        let last = 0;
        for (const { t, form } of steps) {
          last = Math.max(last, t);
          clock.set(last);
          if (form === "uuid") expect(ids.uuid("r")).toBe(uuids.uuid("r"));
          else if (form === "token") expect(ids.token("k")).toBe(ulid(last || 1, theirs.stream("k")).replace(/^.{10}/, encodeTime(last, 10)));
          else expect(ids.next(form)).toBe(`${form}-${ulid(last || 1, theirs.stream(form)).replace(/^.{10}/, encodeTime(last, 10))}`);
        }
      }),
    );
  });
  test("a clock at 1970 or before still gives seeded ids (time part 0), never the wall clock or a throw", () => {
    const at = (iso: string) => new IdFactory(new SimClock(Date.parse(iso), 0), new RandomStreams("s")).next("TRANSACTION");
    expect(at("1970-01-01T00:00:00.000Z")).toBe(at("1970-01-01T00:00:00.000Z"));
    expect(at("1970-01-01T00:00:00.000Z")).toMatch(/^TRANSACTION-0000000000[0-9A-HJKMNP-TV-Z]{16}$/);
    expect(at("1960-06-01T00:00:00.000Z")).toBe(at("1970-01-01T00:00:00.000Z"));
    expect(at("0000-01-01T00:00:00.000Z")).toMatch(/^TRANSACTION-0000000000/);
  });
  test("uuids are version 4 in form and seeded", () => {
    const mk = () => new IdFactory(new SimClock(0, 0), new RandomStreams("s")).uuid("r");
    expect(mk()).toBe(mk());
    expect(mk()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
  test("a uuid packs into four words and reads back as the same text; another form is refused", () => {
    const ids = new IdFactory(new SimClock(0, 0), new RandomStreams("u"));
    const bits = new Uint32Array(8);
    for (let i = 0; i < 500; i++) {
      const u = ids.uuid("r");
      expect(packUuid(u, bits, 4)).toBe(true);
      expect(uuidText(bits, 4)).toBe(u);
    }
    for (const u of ["ffffffff-ffff-4fff-bfff-ffffffffffff", "00000000-0000-4000-8000-000000000000"]) {
      expect(packUuid(u, bits, 0)).toBe(true);
      expect(uuidText(bits, 0)).toBe(u);
    }
    bits.fill(7);
    for (const bad of ["", "ABCDEF01-0000-4000-8000-000000000000", "abcdef01-0000-4000-8000-00000000000", "abcdef01-0000-4000-8000-0000000000000", "abcdef0100000-4000-8000-000000000000", "abcdef01-0000-4000-8000-00000000000g", "req-1"]) {
      expect(packUuid(bad, bits, 0), bad).toBe(false);
    }
    expect([...bits]).toEqual([7, 7, 7, 7, 7, 7, 7, 7]); // a refused one wrote nothing
  });
  test("the clock never goes back", () => {
    const c = new SimClock(100, 1);
    expect(() => c.set(99)).toThrow(RangeError);
  });
});

describe("shared values", () => {
  test("finds the kept value equal to the one asked for, in its bucket, up to the limit", () => {
    type V = { k: string; n: number };
    const table = new SharedValues<V>((a, b) => a.k === b.k && a.n === b.n, 3);
    const a = { k: "x", n: 1 };
    const b = { k: "x", n: 2 };
    const c = { k: "y", n: 1 };
    for (const v of [a, b, c]) table.add(v.k, v);
    expect(table.find("x", { k: "x", n: 1 })).toBe(a);
    expect(table.find("x", { k: "x", n: 2 })).toBe(b);
    expect(table.find("y", { k: "y", n: 1 })).toBe(c);
    expect(table.find("x", { k: "x", n: 1 })).toBe(a); // after another was found last
    expect(table.find("x", { k: "x", n: 3 })).toBeUndefined();
    table.add("z", { k: "z", n: 1 }); // over the limit: not kept
    expect(table.size).toBe(3);
    expect(table.find("z", { k: "z", n: 1 })).toBeUndefined();
  });
});

describe("masking", () => {
  test("truncates PANs to first six and last four", () => {
    expect(truncatePan("4242424242424242")).toBe("424242******4242");
    expect(truncatePan("378282246310005")).toBe("378282*****0005");
  });
  test("masks secret fields by name and PAN-length digit runs anywhere", () => {
    const masked = maskDeep({ payment_method: { pan: "4242424242424242", cvv: "123", account_number: "000123456789" }, note: "card 5555555555554444", client_secret: "s3cr3t-value-long", api_key: "pk_live_01ABCDEFGHJKMNPQRSTVWXYZ01" }) as any;
    expect(JSON.stringify(masked)).not.toMatch(/4242424242424242|5555555555554444|000123456789|s3cr3t-value-long|01ABCDEFGHJKMNPQRSTVWXYZ01|"123"/);
    expect(masked.payment_method.account_number).toBe("********6789");
  });
  test("keeps __proto__ keys as ordinary keys", () => {
    const masked = maskDeep(JSON.parse('{"__proto__": {"x": "1"}}')) as Record<string, unknown>;
    expect(Object.keys(masked)).toEqual(["__proto__"]);
  });
});
