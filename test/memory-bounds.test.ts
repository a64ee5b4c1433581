import { request as httpRequest } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { maskDeep } from "../src/core/mask.js";
import { replayLog } from "../src/replay/replay.js";
import { startDouble, type RunningDouble } from "../src/start.js";
import { RESELLER, setup } from "./helpers.js";
import { sale } from "./payments-helpers.js";

/**
 * Issue 22 item 1 and issue 21 item 10: memory bounded by configuration whatever the traffic. Each
 * bound is checked by the bytes the structure says it holds (`journal.bytes`, `changes.bytes`), never
 * by timing or RSS (bench/memory-bounds.mjs measures RSS).
 */
const running: RunningDouble[] = [];
afterEach(async () => {
  for (const d of running.splice(0)) await d.close();
});

const KB = 1024;
const MB = 1024 * KB;
/** An unauthenticated GET with a distinct 12 KB query string: what an `<img>` tag or a crawler sends. */
const imgUrl = (i: number) => `/v1/transactions?q${i}=${"x".repeat(12 * KB)}`;
/** A sale with the most metadata the spec allows (50 values of 500 characters): a 26 KB body. */
const bigSale = (tag: string) => sale({ metadata: Object.fromEntries(Array.from({ length: 50 }, (_, k) => [`k${k}`, `${tag}-${k}-`.padEnd(500, "m")])) });

describe("the journal is bounded in bytes as well as entries", () => {
  it("2,000 refused 12 KB-URL requests keep the journal under its byte bound, the newest entries readable", async () => {
    const s = setup({ seed: "mem", limits: { journalBytes: 256 * KB } });
    for (let i = 0; i < 2000; i++) expect((await s.get(imgUrl(i), { as: null })).status).toBe(401);
    const journal = s.double.host.root.journal;
    expect(journal.bytes).toBeLessThanOrEqual(256 * KB);
    expect(journal.size).toBeLessThan(2000);
    expect(journal.size).toBeGreaterThan(10);
    const newest = (await s.get("/_mock/requests?limit=1", { as: null })).body;
    expect(newest.data[0].seq).toBe(2000);
  });

  it("large accepted bodies are bounded too: the oldest entries leave", async () => {
    const s = setup({ seed: "mem", limits: { journalBytes: 512 * KB } });
    for (let i = 0; i < 40; i++) expect((await s.post("/v1/transactions", bigSale(String(i)))).status).toBe(200);
    expect(s.double.host.root.journal.bytes).toBeLessThanOrEqual(512 * KB);
    expect(s.double.host.root.journal.size).toBeLessThan(40);
  });
});

describe("the journal's answers, kept off the heap in a buffer reused as entries leave", () => {
  it("every entry still in the journal shows the answer its request got, after the buffer was reused many times", async () => {
    // Answers of 1 to 13 KB (up to ten metadata values, some not ASCII) in a 256 KB journal: entries
    // leave by bytes, and the answer buffer fills and is reused again and again.
    const s = setup({ seed: "mem", limits: { journalBytes: 256 * KB } });
    const answers = new Map<number, unknown>();
    for (let i = 0; i < 300; i++) {
      const value = (i % 3 === 0 ? "é€" : "ab").repeat(1 + ((i * 7919) % 250));
      const metadata = Object.fromEntries(Array.from({ length: 1 + (i % 10) }, (_, k) => [`k${k}`, value]));
      const res = await s.post("/v1/transactions", sale({ metadata }));
      expect(res.status).toBe(200);
      answers.set(i + 1, maskDeep(res.body)); // the journal masks what looks like a card number
      // Some entries read at once (masked and cached), the others only at the end.
      if (i % 11 === 0) expect((await s.get(`/_mock/requests/${i + 1}`, { as: null })).body.response).toEqual(answers.get(i + 1));
    }
    const kept = (await s.get("/_mock/requests", { as: null })).body.data as { seq: number; response: unknown }[];
    expect(kept.length).toBeGreaterThan(15);
    expect(kept.length).toBeLessThan(300);
    for (const e of kept) expect(e.response).toEqual(answers.get(e.seq));
  });
});

describe("the replay log is bounded in bytes and entries, and keeps each distinct body once", () => {
  it("identical bodies are stored once: 50 sales with the same 26 KB body hold about one body", async () => {
    const s = setup({ seed: "mem" });
    const log = s.double.host.root.changes;
    await s.get("/v1/transactions");
    const before = log.bytes;
    for (let i = 0; i < 50; i++) expect((await s.post("/v1/transactions", bigSale("same"))).status).toBe(200);
    expect(log.bytes - before).toBeLessThan(40 * KB);
  });

  it("a refused request's 12 KB query string is not kept, in the log or the journal, and the replay journals it the same", async () => {
    const s = setup({ seed: "mem" });
    const log = s.double.host.root.changes;
    await s.get(imgUrl(0), { as: null });
    const before = log.bytes;
    for (let i = 1; i <= 200; i++) await s.get(imgUrl(i), { as: null });
    // A shape of its own per refused request, its 12 KB gone: well under 1 KB each.
    expect((log.bytes - before) / 200).toBeLessThan(KB);
    const entry = (await s.get("/_mock/requests/3", { as: null })).body;
    expect(entry.query).toEqual({ "(query string)": `(refused query string of ${12 * KB + 4} bytes, not kept)` });
    const exported = (await s.get("/_mock/journal/export", { as: null })).text;
    expect(exported).not.toContain("xxxxxxxxxx");
    const replayed = await replayLog(exported);
    const journal = (await s.get("/_mock/requests", { as: null })).text;
    expect(await (await replayed.app.request("/_mock/requests")).text()).toBe(journal);
  });

  it("past its byte bound the log stops, says so in the export, and replays the world as it was at the cut", async () => {
    const s = setup({ seed: "mem", limits: { replayLogBytes: 1 * MB } });
    const log = s.double.host.root.changes;
    // Accepted sales with distinct 26 KB bodies: each keeps its body.
    for (let i = 0; i < 60; i++) expect((await s.post("/v1/transactions", bigSale(String(i)))).status).toBe(200);
    expect(log.bytes).toBeLessThanOrEqual(1 * MB);
    expect(log.truncated).toMatchObject({ dropped: 60 - log.length });
    const exported = (await s.get("/_mock/journal/export", { as: null })).text;
    const end = JSON.parse(exported.trim().split("\n").at(-1)!);
    expect(end.truncated).toEqual({ ...log.truncated });
    const replayed = await replayLog(exported);
    expect(replayed.truncated).toEqual(end.truncated);
    expect(replayed.steps).toHaveLength(log.length);
    // The replayed world is the world at the cut: its own export is the held prefix, untruncated.
    const again = await (await replayed.app.request("/_mock/journal/export")).text();
    expect(again.trim().split("\n").slice(0, -1)).toEqual(exported.trim().split("\n").slice(0, -1));
    // (the export request itself drew one more id)
    expect(JSON.parse(again.trim().split("\n").at(-1)!)).toEqual({ kind: "end", rid: end.rid + 1 });
  });

  it("the entry bound truncates the same way", async () => {
    const s = setup({ seed: "mem", limits: { replayLogEntries: 5 } });
    for (let i = 0; i < 8; i++) await s.get("/v1/transactions");
    expect(s.double.host.root.changes.length).toBe(5);
    expect(s.double.host.root.changes.truncated?.dropped).toBe(3);
  });

  it("a reset after a truncation frees the log: it starts at the reset and replays the fresh world", async () => {
    const s = setup({ seed: "mem", limits: { replayLogBytes: 1 * MB } });
    for (let i = 0; i < 2000; i++) await s.get(`/v1/transactions?page=${i}-${"p".repeat(600)}`, { as: null });
    expect(s.double.host.root.changes.truncated).not.toBeNull();
    expect((await s.post("/_mock/reset", { seed: "after" }, { as: null })).status).toBe(200);
    expect(s.double.host.root.changes.bytes).toBeLessThan(64 * KB);
    expect(s.double.host.root.changes.truncated).toBeNull();
    const created = await s.post("/v1/clients", clientBody("After reset"), { as: RESELLER });
    const exported = (await s.get("/_mock/journal/export", { as: null })).text;
    const replayed = await replayLog(exported);
    expect(replayed.truncated).toBeNull();
    const read = (app: { request: (p: string, i: RequestInit) => Response | Promise<Response> }) =>
      app.request(`/v1/clients/${created.body.id}`, { headers: { "Api-Key": RESELLER.key, "Client-Id": RESELLER.id } });
    expect(await (await read(replayed.app)).text()).toBe(await (await read(s.double.app)).text());
  });
});

describe("GET /_mock/requests pages with after, before and limit", () => {
  it("walks the journal forward and back in pages, count telling how many remain in range", async () => {
    const s = setup({ seed: "mem" });
    for (let i = 0; i < 7; i++) await s.get("/v1/transactions");
    const seqs = (q: string) => s.get(`/_mock/requests${q}`, { as: null }).then((r) => ({ seqs: r.body.data.map((e: { seq: number }) => e.seq), count: r.body.count }));
    expect(await seqs("?after=0&limit=3")).toEqual({ seqs: [1, 2, 3], count: 7 });
    expect(await seqs("?after=3&limit=3")).toEqual({ seqs: [4, 5, 6], count: 4 });
    expect(await seqs("?after=6&limit=3")).toEqual({ seqs: [7], count: 1 });
    expect(await seqs("?limit=2")).toEqual({ seqs: [6, 7], count: 7 });
    expect(await seqs("?before=6&limit=2")).toEqual({ seqs: [4, 5], count: 5 });
    expect(await seqs("?after=2&before=5")).toEqual({ seqs: [3, 4], count: 2 });
    expect((await s.get("/_mock/requests?after=5&count=true", { as: null })).body).toEqual({ count: 2 });
    const bad = await s.get("/_mock/requests?after=-1&before=x", { as: null });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.details).sort()).toEqual(["after", "before"]);
  });
});

/** Opens `/_mock/events` on a raw socket; `read: false` never reads it (a tab in the background). */
function openStream(d: RunningDouble, path: string, read: boolean) {
  let text = "";
  let ended = false;
  let resume = () => {};
  const req = httpRequest(new URL(path, d.url), { agent: false });
  const opened = new Promise<void>((resolve) =>
    req.on("response", (res) => {
      res.on("data", (c: Buffer) => (text += c.toString()));
      if (!read) res.socket.pause();
      resume = () => res.socket.resume();
      res.on("close", () => (ended = true));
      res.on("error", () => (ended = true));
      resolve();
    }),
  );
  req.on("error", () => (ended = true));
  req.end();
  return { opened, text: () => text, ended: () => ended, resume: () => resume() };
}

async function waitFor(ok: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 200 && !ok(); i++) await new Promise((resolve) => setTimeout(resolve, 25));
  if (!ok()) throw new Error(`timed out waiting for ${what}`);
}

describe("live streams over a real socket", () => {
  it("a reader that never reads is disconnected once its queue passes --stream-buffer; the server keeps answering", async () => {
    const d = await startDouble({ seed: "mem", limits: { streamBuffer: 64 * KB } });
    running.push(d);
    const stream = openStream(d, "/_mock/events", false);
    await stream.opened;
    const journal = d.double.host.root.journal;
    expect(journal.listeners).toBe(1);
    // Each event carries its (long) path: a few MB of events fill the socket buffers, then the queue.
    const longPath = `/v1/${"p".repeat(8 * KB)}`;
    for (let i = 0; i < 3000 && journal.listeners > 0; i++) {
      const r = await fetch(d.url + longPath);
      expect(r.status).toBe(404);
      await r.arrayBuffer();
    }
    await waitFor(() => journal.listeners === 0, "the slow reader to be dropped");
    // The reader comes back: it reads what the socket buffers held, then finds the connection closed.
    stream.resume();
    await waitFor(stream.ended, "its connection to close");
    expect((await fetch(d.url + "/_mock/health")).status).toBe(200);
  });

  it("deleting a sandbox ends its stream with a deleted event and lets go of the world", async () => {
    const d = await startDouble({ seed: "mem" });
    running.push(d);
    const created = await (await fetch(d.url + "/_mock/sandboxes", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" })).json();
    const stream = openStream(d, `/sandboxes/${created.id}/_mock/events`, true);
    await stream.opened;
    await waitFor(() => stream.text().includes("event: world"), "the first world event");
    const world = d.double.host.world(created.id)!;
    expect(world.journal.listeners).toBe(1);
    expect((await fetch(`${d.url}/_mock/sandboxes/${created.id}`, { method: "DELETE" })).status).toBe(200);
    await waitFor(stream.ended, "the stream to end");
    expect(stream.text()).toContain(`event: deleted\ndata: {"sandbox":"${created.id}"}\n\n`);
    expect(world.journal.listeners).toBe(0);
  });
});

function clientBody(dba: string) {
  return { dba, type: "merchant", admin_contact_details: { first_name: "Ada", last_name: "Lovelace", email: "ada@example.com" } };
}
