import { describe, expect, test } from "vitest";
import { expectEnvelope, setup } from "./helpers.js";

/**
 * Security review, defect 2: loading scenarios had no memory bound (seventeen 1 MB files of 9,000
 * rules killed a 300 MB process). Active files are weighed (src/scenarios/weight.ts) and a load
 * past a world's bound, or past every world's together, is 409 naming the bound.
 */

/** A JSON scenario file of `n` rules, under the 1 MiB upload limit for 8,000. */
function bigFile(name: string, n = 8_000) {
  const rules = Array.from({ length: n }, (_, i) => ({ when: { operation: "createTransaction", body: { amount: 100_000 + i } }, then: { decline: { code: "05", description: "No" } } }));
  return { version: 1, name, rules };
}

type T = ReturnType<typeof setup>;
const load = (t: T, file: object, root = "") => t.call("POST", `${root}/_mock/scenarios`, { as: null, body: file });
const names = async (t: T, root = "") => (await t.call("GET", `${root}/_mock/scenarios`, { as: null })).body.scenarios.map((s: { name: string }) => s.name);

describe("the scenarios a world holds are bounded", () => {
  test("a load past the world's bound is 409 naming it; the world is unchanged and keeps answering; unloading frees room", async () => {
    const t = setup();
    expect((await load(t, bigFile("a"))).status).toBe(201);
    expect((await load(t, bigFile("b"))).status).toBe(201);
    const refused = await load(t, bigFile("c"));
    const env = expectEnvelope(refused, 409, "DUPLICATE_ACTION");
    expect(env.details).toEqual({ scenarios: expect.stringMatching(/^limit of 33554432 bytes per world reached/) });
    expect(env.error_message).toMatch(/DELETE \/_mock\/scenarios\/\{name\} unloads a file/);
    expect(await names(t)).toEqual(["b", "a", "builtin"]);
    expect((await t.get("/v1/clients")).status).toBe(200);
    expect((await t.call("DELETE", "/_mock/scenarios/a", { as: null })).status).toBe(200);
    expect((await load(t, bigFile("c"))).status).toBe(201);
  }, 60_000);

  test("every world together is bounded too: a sandbox's load past the server's bound is 409", async () => {
    const t = setup();
    const sandbox = async () => (await t.call("POST", "/_mock/sandboxes", { as: null, body: {} })).body.base_url.replace(/^https?:\/\/[^/]+/, "");
    const [one, two] = [await sandbox(), await sandbox()];
    for (const [root, name] of [["", "a"], ["", "b"], [one, "c"], [one, "d"], [two, "e"]]) expect((await load(t, bigFile(name), root)).status).toBe(201);
    const env = expectEnvelope(await load(t, bigFile("f"), two), 409, "DUPLICATE_ACTION");
    expect(env.details).toEqual({ scenarios: expect.stringMatching(/^limit of 67108864 bytes across all worlds reached/) });
    expect(await names(t, two)).toEqual(["e", "builtin"]);
    // A sandbox's own files count the same: refused before the sandbox exists.
    const inline = JSON.stringify(bigFile("g", 6_000));
    const created = await t.call("POST", "/_mock/sandboxes", { as: null, body: { scenarios: [inline] } });
    expectEnvelope(created, 409, "DUPLICATE_ACTION");
    expect((await t.call("GET", "/_mock/sandboxes", { as: null })).body.sandboxes).toHaveLength(2);
    // Freeing a sandbox frees its files' room.
    expect((await t.call("DELETE", `/_mock/sandboxes/${one.split("/").pop()}`, { as: null })).status).toBe(200);
    expect((await load(t, bigFile("f"), two)).status).toBe(201);
  }, 120_000);

  test("start files count but are never refused: a world built over the bound starts, and loads are refused", async () => {
    const t = setup({ scenarios: [bigFile("start", 23_000) as never] });
    expect((await t.get("/v1/clients")).status).toBe(200);
    const env = expectEnvelope(await load(t, bigFile("small", 1)), 409, "DUPLICATE_ACTION");
    expect(env.details!.scenarios).toMatch(/per world/);
    // A reset rebuilds the start set: still there, never refused.
    expect((await t.call("POST", "/_mock/reset", { as: null, body: {} })).status).toBe(200);
    expect(await names(t)).toEqual(["start", "builtin"]);
  }, 60_000);
});
