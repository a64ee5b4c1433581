import { afterEach, describe, expect, it } from "vitest";
import { replayLog } from "../../src/replay/replay.js";
import { RESELLER } from "../helpers.js";
import { clientBody, exported, json, loadYaml, send, startDouble } from "./socket.js";

/** Issue 11 item 5: replay is exact for every scenario outcome and every arrival order, over a real socket. */
const doubles: Awaited<ReturnType<typeof startDouble>>[] = [];
afterEach(async () => {
  for (const d of doubles.splice(0)) await d.close();
});

const headers = { "Api-Key": RESELLER.key, "Client-Id": RESELLER.id };

/**
 * The journal in arrival order without `seq`: the live journal lists overlapping requests in the
 * order they were answered (a `delay_ms` reply last), the replay in the order they arrived.
 */
function byArrival(text: string): string {
  const { data, count } = JSON.parse(text) as { data: { at: string; request_id: string; seq?: number }[]; count: number };
  const entries = data.map(({ seq: _seq, ...e }) => e).sort((a, b) => a.at.localeCompare(b.at) || a.request_id.localeCompare(b.request_id));
  return JSON.stringify({ entries, count });
}

/** What a replay must give back: the client list, the journal, the clock and the next request id. */
async function reads(request: (path: string, init: RequestInit) => Response | Promise<Response>) {
  const out: string[] = [];
  for (const path of ["/v1/clients?Take=100&SortOrder=asc", "/_mock/requests", "/_mock/clock", "/_mock/health"]) {
    const res = await request(path, { headers });
    const text = await res.text();
    out.push(`${path} ${res.status} ${res.headers.get("x-request-id")} ${path === "/_mock/requests" ? byArrival(text) : text}`);
  }
  return out;
}

/**
 * Waits until the world's journal holds `n` requests. A hung request is journaled when the server sees
 * its client's socket close, which on a busy machine can come after the client's own give-up resolved.
 * Reads the world, not the journal over HTTP, which would draw request ids.
 */
async function untilJournaled(d: Awaited<ReturnType<typeof startDouble>>, n: number) {
  const journal = d.double.host.root.journal;
  for (let i = 0; i < 100 && journal.size < n; i++) await new Promise((r) => setTimeout(r, 20));
  expect(journal.size).toBe(n);
}

async function expectExactReplay(d: Awaited<ReturnType<typeof startDouble>>) {
  const log = await exported(d);
  const replayed = await replayLog(log);
  const original = await reads((p, i) => d.double.app.request(p, i));
  expect(await reads((p, i) => replayed.app.request(p, i))).toEqual(original);
  return { log, replayed };
}

describe("item 5: replay is exact", () => {
  for (const fault of ["reset", "empty", "hang", "malformed_json"]) {
    it(`replays a transport: ${fault} reply as what the world did`, async () => {
      const d = await startDouble({ seed: "r5" });
      doubles.push(d);
      await loadYaml(d, `version: 1\nname: net\nrules:\n  - when: { operation: createClient, times: 1 }\n    then: { transport: ${fault} }\n`);
      await json(d, "POST", "/v1/clients", clientBody("Faulted"), { giveUpMs: 300 });
      expect((await json(d, "POST", "/v1/clients", clientBody("After"))).status).toBe(200);
      await untilJournaled(d, 2);
      const { replayed } = await expectExactReplay(d);
      expect(replayed.steps.map((s) => s.status)).toContain(fault === "malformed_json" ? 200 : 0);
    });
  }

  it("logs a create held by delay_ms before a later create, so the replay keeps their ids", async () => {
    const d = await startDouble({ seed: "r5" });
    doubles.push(d);
    await loadYaml(d, `version: 1\nname: slow\nrules:\n  - when: { operation: createClient, times: 1 }\n    then: { delay_ms: 400 }\n`);
    const held = json(d, "POST", "/v1/clients", clientBody("First"));
    await new Promise((r) => setTimeout(r, 100));
    const quick = await json(d, "POST", "/v1/clients", clientBody("Second"));
    expect(quick.status).toBe(200);
    expect((await held).status).toBe(200);
    const { log } = await expectExactReplay(d);
    const creates = log.split("\n").filter((l) => l.includes('"POST","path":"/v1/clients"'));
    expect(creates[0]).toContain("First");
  });

  it("a body arriving 300 ms after its headers keeps its own request id", async () => {
    const d = await startDouble({ seed: "r5" });
    doubles.push(d);
    const slow = json(d, "POST", "/v1/clients", clientBody("Slow"), { bodyAfterMs: 300 });
    await new Promise((r) => setTimeout(r, 50));
    await json(d, "POST", "/v1/clients", clientBody("Fast"));
    await slow;
    const { log } = await expectExactReplay(d);
    const rids = log.trim().split("\n").map((l) => JSON.parse(l)).filter((l) => l.kind === "request").map((l) => l.rid);
    expect(new Set(rids).size).toBe(rids.length);
  });

  it("refuses a log without its end line, saying why", async () => {
    const d = await startDouble({ seed: "r5" });
    doubles.push(d);
    await json(d, "POST", "/v1/clients", clientBody("One"));
    const log = await exported(d);
    const cut = log.trim().split("\n").slice(0, -1).join("\n") + "\n";
    await expect(replayLog(cut)).rejects.toThrow(/no end line/);
  });

  it("keeps overlapping requests of several outcomes exact (a small property over a socket)", async () => {
    const d = await startDouble({ seed: "r5-mix" });
    doubles.push(d);
    await loadYaml(
      d,
      [
        "version: 1",
        "name: mix",
        "rules:",
        "  - when: { operation: createClient, body: { dba: { matches: '^slow' } } }",
        "    then: { delay_ms: 150 }",
        "  - when: { operation: createClient, body: { dba: { matches: '^reset' } } }",
        "    then: { transport: reset }",
        "  - when: { operation: createClient, body: { dba: { matches: '^hang' } } }",
        "    then: { transport: hang }",
        "  - when: { operation: createClient, body: { dba: { matches: '^fail' } } }",
        "    then: { fail: { error: SYSTEM_ERROR } }",
        "",
      ].join("\n"),
    );
    const names = ["slow-1", "ok-1", "reset-1", "slow-2", "hang-1", "fail-1", "ok-2", "slow-3"];
    await Promise.all(names.map((n, i) => new Promise((r) => setTimeout(r, i * 20)).then(() => json(d, "POST", "/v1/clients", clientBody(n), { giveUpMs: 400, bodyAfterMs: i % 3 === 0 ? 60 : undefined }))));
    await send(d, "POST", "/v1/clients", { body: "{broken", headers: { ...headers, "content-type": "application/json" } });
    await untilJournaled(d, names.length + 1);
    await expectExactReplay(d);
  });
});
