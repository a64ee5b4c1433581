import { afterEach, describe, expect, it } from "vitest";
import { replayLog } from "../../src/replay/replay.js";
import { expectEnvelope, MERCHANT, RESELLER, setup } from "../helpers.js";
import { auth, clientBody, exported, json, send, startDouble } from "./socket.js";

/** Issue 11 item 1: a body over 1 MiB is refused before it is read, and refused bodies are not kept. */
const doubles: Awaited<ReturnType<typeof startDouble>>[] = [];
afterEach(async () => {
  for (const d of doubles.splice(0)) await d.close();
});

describe("item 1: memory", () => {
  it("refuses from content-length before reading a byte: 400 naming body, also past 512 MB", async () => {
    const d = await startDouble({ seed: "mem" });
    doubles.push(d);
    for (const size of [1024 * 1024 + 1, 600 * 1024 * 1024]) {
      // Headers only: an answer proves the server did not wait for (or keep) the body.
      const r = await send(d, "POST", "/v1/clients", { headers: { ...auth, "content-type": "application/json", "content-length": String(size) }, bodyAfterMs: 60_000, giveUpMs: 5000 });
      expect(r.status).toBe(400);
      expect(JSON.parse(r.text)).toMatchObject({ error_code: "INVALID_REQUEST_DATA", details: { body: "must be at most 1048576 bytes" } });
    }
  });

  it("journals a body the client abandoned half way as no answer (status 0), not as a 400 it never got", async () => {
    const d = await startDouble({ seed: "mem" });
    doubles.push(d);
    const r = await send(d, "POST", "/v1/clients", { headers: { ...auth, "content-type": "application/json", "content-length": "100" }, bodyAfterMs: 60_000, giveUpMs: 200 });
    expect(r.status).toBe(0);
    let entries: { status: number; error_code: string | null }[] = [];
    for (let i = 0; i < 40 && entries.length === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      entries = JSON.parse((await send(d, "GET", "/_mock/requests")).text).data;
    }
    expect(entries).toMatchObject([{ status: 0, error_code: null }]);
  });

  it("refuses a chunked body while streaming, once past the cap", async () => {
    const d = await startDouble({ seed: "mem" });
    doubles.push(d);
    const r = await send(d, "POST", "/v1/clients", { chunked: true, body: Buffer.alloc(3 * 1024 * 1024, 0x61), headers: { ...auth, "content-type": "application/json" } });
    expect(r.status === 400 || r.status === 0).toBe(true);
    if (r.status === 400) expect(JSON.parse(r.text).details).toEqual({ body: "must be at most 1048576 bytes" });
    expect((await send(d, "GET", "/_mock/health")).status).toBe(200);
  });

  it("keeps no bytes of a refused large body in the replay log, and the replay journals it the same", async () => {
    const s = setup({ seed: "mem" });
    const big = "x".repeat(200_000);
    const unauthenticated = await s.post("/v1/clients", clientBody(big), { as: { id: MERCHANT.id, key: "wrong" } });
    expectEnvelope(unauthenticated, 401, "NOT_AUTHENTICATED");
    const invalid = await s.post("/v1/clients", { ...clientBody(big), type: "nope" }, { as: RESELLER });
    expectEnvelope(invalid, 400, "INVALID_REQUEST_DATA");
    const ok = await s.post("/v1/clients", clientBody("Kept"), { as: RESELLER });
    expect(ok.status).toBe(200);
    const log = (await s.get("/_mock/journal/export", { as: null })).text;
    expect(log).not.toContain("xxxxxxxxxx");
    expect(log.length).toBeLessThan(20_000);
    const lines = log.trim().split("\n").map((l) => JSON.parse(l));
    expect(lines.filter((l) => l.refused).map((l) => l.refused.status)).toEqual([401, 400]);
    const replayed = await replayLog(log);
    const journal = (await s.get("/_mock/requests", { as: null })).text;
    expect(await (await replayed.app.request("/_mock/requests")).text()).toBe(journal);
    expect(JSON.parse(journal).data[0].body).toMatch(/^\(refused body of 2001\d\d bytes, not kept\)$/);
  });

  it("refused over-limit request still ticks and draws its id, and replays the same", async () => {
    const s = setup({ seed: "mem" });
    const r = await s.call("POST", "/v1/clients", { as: RESELLER, raw: "y".repeat(1024 * 1024 + 10), headers: { "content-type": "application/json" } });
    expectEnvelope(r, 400, "INVALID_REQUEST_DATA");
    const log = (await s.get("/_mock/journal/export", { as: null })).text;
    expect(log.length).toBeLessThan(20_000);
    const replayed = await replayLog(log);
    const a = await s.double.app.request("/_mock/health");
    const b = await replayed.app.request("/_mock/health");
    expect(b.headers.get("x-request-id")).toBe(a.headers.get("x-request-id"));
    expect(await b.text()).toBe(await a.text());
  });

  it("twenty refused 900 KB bodies over a socket leave nothing of themselves in the log", async () => {
    const d = await startDouble({ seed: "mem" });
    doubles.push(d);
    const body = { ...clientBody("z".repeat(900_000)), type: "nope" };
    for (let i = 0; i < 20; i++) expect((await json(d, "POST", "/v1/clients", body)).status).toBe(400);
    expect((await exported(d)).length).toBeLessThan(50_000);
  });
});
