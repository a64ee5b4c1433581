import { describe, expect, it } from "vitest";
import { standIn } from "./deferred-web.js";

/** Stand-ins for node's three classes, counting each load of the real one. */
function fakeGlobal() {
  const loads: string[] = [];
  const counted = <T extends abstract new (...args: never[]) => object>(name: string, real: T) => standIn(name, () => (loads.push(name), real));
  return { g: { Headers: counted("Headers", Headers), Request: counted("Request", Request), Response: counted("Response", Response) }, loads };
}

describe("the CLI's stand-ins for Headers, Request and Response (deferred-web.ts)", () => {
  it("loads nothing when made, read or asked about an object that is none of them", () => {
    const { g, loads } = fakeGlobal();
    expect(g.Headers.name).toBe("Headers");
    expect({} instanceof g.Headers).toBe(false);
    expect({ status: 200 } instanceof g.Response).toBe(false);
    expect(loads).toEqual([]);
  });

  it("loads the real class at the first instance, once, and builds a working one", () => {
    const { g, loads } = fakeGlobal();
    const h = new g.Headers({ "Content-Type": "application/json" });
    new g.Headers();
    expect(loads).toEqual(["Headers"]);
    expect(h.get("content-type")).toBe("application/json");
    expect(h instanceof g.Headers && h instanceof Headers).toBe(true);
    // One the real class built by itself counts as an instance too.
    expect(new Headers() instanceof g.Headers).toBe(true);
  });

  it("serves a subclass made before the load as the adapter's are (a lightweight class extending it)", async () => {
    const { g, loads } = fakeGlobal();
    class Sub extends g.Request {
      constructor(url: string, init?: RequestInit) {
        super(url, init);
      }
    }
    const plain = class Light {};
    Object.setPrototypeOf(plain.prototype, g.Response.prototype);
    expect(loads).toEqual([]);
    const r = new Sub("http://x.test/a", { method: "POST", body: "hi" });
    expect(loads).toEqual(["Request"]);
    expect([r instanceof Sub, r instanceof g.Request, r instanceof Request, r.method, r.url]).toEqual([true, true, true, "POST", "http://x.test/a"]);
    expect(await r.text()).toBe("hi");
    // An object of a class whose prototype leads to the stand-in's is an instance, before any load.
    expect(new plain() instanceof g.Response).toBe(true);
    expect(loads).toEqual(["Request"]);
  });

  it("loads Response for its static methods", async () => {
    const { g, loads } = fakeGlobal();
    const r = g.Response.json({ a: 1 }, { status: 201 });
    expect(loads).toEqual(["Response"]);
    expect([r.status, await r.text(), r instanceof g.Response]).toEqual([201, '{"a":1}', true]);
    expect(g.Response.error().type).toBe("error");
  });

  it("refuses a call without `new`, as the class does", () => {
    const { g } = fakeGlobal();
    expect(() => (g.Headers as unknown as () => void)()).toThrow(TypeError);
  });
});
