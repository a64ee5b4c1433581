import { describe, expect, test } from "vitest";
import { newClient } from "./builders.js";
import { MERCHANT, RESELLER, setup } from "./helpers.js";

/** DESIGN "Determinism": same seed + same requests = same status, body bytes and x-request-id. */
async function script(seed: string) {
  const t = setup({ seed });
  const out: string[] = [];
  const record = async (p: ReturnType<typeof t.get>) => {
    const r = await p;
    out.push(`${r.status} ${r.headers.get("x-request-id")} ${r.text}`);
    return r;
  };
  const a = await record(t.post("/v1/clients", newClient({ dba: "A" }), { as: RESELLER }));
  await record(t.get("/v1/clients", { as: RESELLER }));
  await record(t.post("/v1/clients", newClient({ dba: "" }), { as: RESELLER }));
  await record(t.get("/nope"));
  await record(t.post(`/v1/clients/${a.body.id}`, { dba: "A2" }, { as: RESELLER }));
  await record(t.post("/v1/clients", newClient({ dba: "B", type: "reseller" }), { as: RESELLER }));
  await record(t.get(`/v1/clients/${MERCHANT.id}`));
  await record(t.get("/_mock/health", { as: null }));
  return out;
}

describe("determinism", () => {
  test("the same seed and requests give byte-identical responses and request ids", async () => {
    expect(await script("alpha")).toEqual(await script("alpha"));
  });

  test("a different seed gives different ids", async () => {
    const [a, b] = [await script("alpha"), await script("beta")];
    expect(a[0]).not.toEqual(b[0]);
    expect(a[0].split(" ")[1]).not.toEqual(b[0].split(" ")[1]);
  });

  test("reads do not change the ids of later creations", async () => {
    const quiet = setup({ seed: "s" });
    const busy = setup({ seed: "s" });
    for (let i = 0; i < 5; i++) await busy.get("/v1/clients", { as: RESELLER });
    const x = await quiet.post("/v1/clients", newClient(), { as: RESELLER });
    const y = await busy.post("/v1/clients", newClient(), { as: RESELLER });
    expect(x.body.id.slice(-16)).toBe(y.body.id.slice(-16));
    expect(x.body.api_key.slice(-16)).toBe(y.body.api_key.slice(-16));
  });

  test("reset returns to the start state, replays identically, and can change the seed", async () => {
    const t = setup({ seed: "r" });
    const first = await t.post("/v1/clients", newClient(), { as: RESELLER });
    expect((await t.post("/_mock/reset", undefined, { as: null })).status).toBe(200);
    const again = await t.post("/v1/clients", newClient(), { as: RESELLER });
    expect(again.body.id).toBe(first.body.id);
    expect((await t.get("/v1/clients", { as: RESELLER })).body.total_count).toBe(3);
    const reseeded = await t.post("/_mock/reset", { seed: "other" }, { as: null });
    expect(reseeded.body.seed).toBe("other");
    const third = await t.post("/v1/clients", newClient(), { as: RESELLER });
    expect(third.body.id).not.toBe(first.body.id);
    expect((await t.get("/_mock/health", { as: null })).body.seed).toBe("other");
  });

  test("ids carry the simulated time: the ULID time part is the clock's", async () => {
    const t = setup({ clockStart: "2030-01-01T00:00:00.000Z", tick: "PT0S" });
    const r = await t.post("/v1/clients", newClient(), { as: RESELLER });
    const { decodeTime } = await import("ulid");
    expect(new Date(decodeTime(r.body.id.slice(7))).toISOString()).toBe("2030-01-01T00:00:00.000Z");
  });
});
