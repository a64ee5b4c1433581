import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ControlError, startDouble, type RunningDouble } from "../src/index.js";
import { RESELLER } from "./helpers.js";

/** startDouble's typed control methods against a double on a free port. */
let double: RunningDouble;
beforeAll(async () => {
  double = await startDouble({ seed: "start" });
});
afterAll(() => double.close());

const listClients = () => fetch(`${double.url}/v1/clients`, { headers: { "Api-Key": RESELLER.key, "Client-Id": RESELLER.id } });

describe("startDouble", () => {
  it("listens on a free loopback port", () => {
    expect(double.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it("lists, counts and clears the journal with filters", async () => {
    await listClients();
    await fetch(`${double.url}/v1/clients`, { headers: { "Api-Key": "wrong", "Client-Id": RESELLER.id } });
    expect(await double.requests.count({ operation: "listClients" })).toBe(2);
    expect(await double.requests.count({ operation: "listClients", status: 200 })).toBe(1);
    const [last] = await double.requests.list({ limit: 1 });
    expect(last).toMatchObject({ operation: "listClients", status: 401 });
    expect(await double.requests.count({ error_code: "NOT_AUTHENTICATED" })).toBe(1);
    expect(await double.requests.get(last.seq)).toEqual(last);
    await double.requests.clear();
    expect(await double.requests.count()).toBe(0);
  });

  it("resets the world, optionally with a new seed", async () => {
    const before = (await listClients()).headers.get("x-request-id");
    const reset = await double.reset();
    expect(reset).toMatchObject({ status: "reset", seed: "start" });
    expect((await listClients()).headers.get("x-request-id")).not.toBe(before);
    expect((await double.reset("other")).seed).toBe("other");
  });

  it("throws ControlError with the envelope on a rejected control call", async () => {
    const err = await double.requests.list({ status: 9999 }).catch((e) => e);
    expect(err).toBeInstanceOf(ControlError);
    expect(err.status).toBe(400);
    expect(err.body.error_code).toBe("INVALID_REQUEST_DATA");
  });
});
