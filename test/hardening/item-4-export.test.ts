import { request as httpRequest } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { replayLog } from "../../src/replay/replay.js";
import { send, startDouble } from "./socket.js";

/** Issue 11 item 4: the export is a chunked NDJSON stream that lets other worlds answer meanwhile. */
const doubles: Awaited<ReturnType<typeof startDouble>>[] = [];
afterEach(async () => {
  for (const d of doubles.splice(0)) await d.close();
});

describe("item 4: export", () => {
  it("streams application/x-ndjson in chunks, and other requests are answered while it streams", async () => {
    const d = await startDouble({ seed: "exp" });
    doubles.push(d);
    // 20k requests, each with a distinct path: a log of several MB.
    const world = d.double.host.root;
    for (let i = 0; i < 20_000; i++) world.recordChange({ kind: "request", method: "GET", path: `/v1/clients?Take=${i}`, headers: {}, body: null, rid: i, at: world.clock.iso() });
    world.changes.requestIds = 20_000;
    const chunks: number[] = [];
    let answeredDuring = 0;
    let streaming = true;
    const probe = (async () => {
      while (streaming) {
        if ((await send(d, "GET", "/_mock/health")).status === 200 && streaming) answeredDuring++;
      }
    })();
    const text = await new Promise<string>((resolve, reject) => {
      httpRequest(new URL("/_mock/journal/export", d.url), { agent: false }, (res) => {
        expect(res.headers["content-type"]).toMatch(/^application\/x-ndjson/);
        expect(res.headers["transfer-encoding"]).toBe("chunked");
        let out = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => {
          chunks.push(c.length);
          out += c;
        });
        res.on("end", () => resolve(out));
      })
        .on("error", reject)
        .end();
    });
    streaming = false;
    await probe;
    const lines = text.trim().split("\n");
    expect(lines).toHaveLength(20_002);
    const end = JSON.parse(lines.at(-1)!);
    expect(end.kind).toBe("end");
    expect(end.rid).toBeGreaterThanOrEqual(20_000);
    expect(chunks.length).toBeGreaterThan(3);
    expect(answeredDuring).toBeGreaterThan(0);
  });

  it("an export taken while requests keep arriving is a whole log that replays", async () => {
    const d = await startDouble({ seed: "exp" });
    doubles.push(d);
    const world = d.double.host.root;
    for (let i = 0; i < 1000; i++) world.recordChange({ kind: "control", method: "GET", path: `/_mock/clock?${i}`, headers: {}, body: null, rid: i, at: world.clock.iso() });
    const pending = send(d, "GET", "/_mock/journal/export");
    await send(d, "POST", "/_mock/clock/advance", { body: '{"by":"PT1H"}', headers: { "content-type": "application/json" } });
    const text = (await pending).text;
    await expect(replayLog(text)).resolves.toBeTruthy();
  });
});
