import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ControlError, createDouble, ScenarioFileError, startDouble, type RunningDouble } from "../src/index.js";
import { ACH, sale } from "./payments-helpers.js";

/** Issue 20 item 7: `double.sandbox()`, typed helpers for the test routes, shipped scenario names. */

let server: RunningDouble;
beforeAll(async () => {
  server = await startDouble({ seed: "lib" });
});
afterAll(() => server.close());

const post = (url: string, headers: Record<string, string>, body: unknown) =>
  fetch(`${url}/v1/transactions`, { method: "POST", headers: { ...headers, "content-type": "application/json" }, body: JSON.stringify(body) }).then(async (r) => ({ status: r.status, body: (await r.json()) as Record<string, any> }));
const read = async (url: string, headers: Record<string, string>, id: string) => (await (await fetch(`${url}/v1/transactions/${id}`, { headers })).json()) as Record<string, any>;

describe("double.sandbox()", () => {
  it("is a world of its own with its url, credentials, journal and a shipped scenario by name; close frees it", async () => {
    const box = await server.sandbox({ seed: "box", scenarios: ["declines"] });
    expect(box.url).toBe(`${server.url}/sandboxes/${box.id}`);
    expect(box.merchant.headers).toEqual({ "Api-Key": box.merchant.api_key, "Client-Id": box.merchant.id });
    expect(box.clients.map((c) => c.type)).toEqual(server.clients.map((c) => c.type));
    const declined = await post(box.url, box.merchant.headers, sale({ amount: 5051 }));
    expect(declined.body).toMatchObject({ result: "DECLINED", response_code: "51" });
    expect((await post(server.url, server.merchant.headers, sale({ amount: 5051 }))).body.result).toBe("APPROVED");
    expect(await box.requests.count({ operation: "createTransaction" })).toBe(1);
    expect((await box.requests.list())[0].rule).toBe("declines/insufficient funds");
    expect((await box.reset()).seed).toBe("box");
    await box.close();
    await expect(box.clock.now()).rejects.toBeInstanceOf(ControlError);
  });

  it("takes scenarios as objects and YAML text, and refuses an unknown name with the envelope", async () => {
    const rule = { when: { operation: "createTransaction" as const }, then: { decline: { code: "05", description: "Do not honor" } } };
    const box = await server.sandbox({ scenarios: [{ version: 1, name: "all-decline", rules: [rule], timeline: [] }] });
    expect((await post(box.url, box.merchant.headers, sale())).body.result).toBe("DECLINED");
    await box.close();
    const err = await server.sandbox({ scenarios: ["no-such-scenario"] }).catch((e: ControlError) => e);
    expect(err).toBeInstanceOf(ControlError);
    expect((err as ControlError).status).toBe(400);
    expect((err as ControlError).body).toMatchObject({ details: { "scenarios.0": "no shipped scenario named no-such-scenario" } });
  });
});

describe("trigger helpers", () => {
  it("close the batches, settle one, return the ACH debit after settlement", async () => {
    const box = await server.sandbox();
    const ach = await post(box.url, box.merchant.headers, { type: "SALE", amount: 2500, payment_method: ACH });
    expect(ach.status).toBe(200);
    const closed = await box.trigger.closeBatches();
    expect(closed.fired.map((e) => e.event)).toContain("batch_auto_close");
    const batchId = (await read(box.url, box.merchant.headers, ach.body.id)).batch_id as string;
    expect(await box.trigger.settle(batchId)).toMatchObject({ id: batchId });
    expect((await read(box.url, box.merchant.headers, ach.body.id)).is_settled).toBe(true);
    expect(await box.trigger.achReturn(ach.body.id, { code: "R02" })).toMatchObject({ id: ach.body.id, is_returned: true, return_code: "R02" });
    // Nothing open any more: nothing to close, the clock stays.
    const now = await box.clock.now();
    expect(await box.trigger.closeBatches()).toEqual({ now, fired: [] });
    await box.close();
  });

  it("remove a card payment from its batch at the close, and answer a conflict with ControlError", async () => {
    const box = await server.sandbox();
    const card = await post(box.url, box.merchant.headers, sale());
    expect(await box.trigger.removeFromBatch(card.body.id)).toMatchObject({ id: card.body.id });
    await box.trigger.closeBatches();
    expect(await read(box.url, box.merchant.headers, card.body.id)).toMatchObject({ settlement_issue: "REMOVED_FROM_BATCH", is_settled: false });
    const err = await box.trigger.achReturn(card.body.id).catch((e: ControlError) => e);
    expect(err).toMatchObject({ status: 409 });
    const later = await post(box.url, box.merchant.headers, { type: "SALE", amount: 900, payment_method: ACH });
    expect(await box.trigger.achReturn(later.body.id, { in: "P2D" })).toMatchObject({ scheduled: { event: "ach_return", subject: later.body.id } });
    await box.close();
  });
});

describe("shipped scenario names where a scenario file is named", () => {
  it("createDouble({ scenarios: ['declines'] }) loads the shipped file", async () => {
    const double = createDouble({ scenarios: ["declines"] });
    const list = (await (await double.app.request("/_mock/scenarios")).json()) as { scenarios: { name: string }[] };
    expect(list.scenarios.map((s) => s.name)).toContain("declines");
  });

  it("an unknown name is the file's read error, with the shipped names", () => {
    let error: unknown;
    try {
      createDouble({ scenarios: ["declnes"] });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ScenarioFileError);
    expect((error as Error).message).toMatch(/declnes:1:1: \(file\): cannot read: ENOENT \(and no shipped scenario has that name: .*declines/);
  });
});
