import { describe, expect, it } from "vitest";
import { maskCardNumbers } from "../../src/core/mask.js";
import { expectEnvelope, RESELLER, setup } from "../helpers.js";
import { newClient } from "../builders.js";
import { CARD, sale } from "../payments-helpers.js";

/**
 * Issue 21 item 5: no full card number in any answer. A Luhn-valid PAN written into free text (a
 * metadata value or key, a token nickname, a cardholder name, a `dba`), plain, with dashes or
 * spaces or in Amex 4-6-5 groups, is stored masked (first six, last four), so no surface shows it:
 * the create answer, GET /v1 reads, /_mock/transactions, the inspector's views, the journal, the
 * live stream, the export (which also seals `X-Api-Key`), and control errors echoing a path.
 */
const SHAPES = ["4111111111111111", "4111-1111-1111-1111", "4111 1111 1111 1111", "3782 822463 10005", "3782-822463-10005", "378282246310005", "5555555555554444"];
const PANS = ["4111111111111111", "378282246310005", "5555555555554444"];

/** Card numbers of `PANS` in a text, however grouped (spaces, dashes, `%20` between digits). */
export function cardsIn(text: string): string[] {
  const joined = text.replace(/(\d)(?:[ -]|%20|\\u0020)(?=\d)/g, "$1");
  return PANS.filter((p) => joined.includes(p));
}

describe("item 5: card numbers in free text are masked on every surface", () => {
  it("masks only Luhn-valid card numbers of a card network, keeping ordinary numbers", () => {
    expect(SHAPES.map(maskCardNumbers)).toEqual(["411111******1111", "4111-11**-****-1111", "4111 11** **** 1111", "3782 82**** *0005", "3782-82****-*0005", "378282*****0005", "555555******4444"]);
    // A millisecond timestamp, an order number that fails Luhn, a date: unchanged.
    for (const s of ["1772463600000", "4111111111111112", "2026-03-02T15:00:00Z", "order 12-34-56"]) expect(maskCardNumbers(s)).toBe(s);
  });

  it("metadata, nickname, cardholder name and dba: no surface shows a card number", async () => {
    const t = setup({ seed: "cards" });
    const surfaces: [string, string][] = [];
    const keep = (where: string, text: string) => surfaces.push([where, text]);
    const metadata = Object.fromEntries(SHAPES.map((s, i) => [`k${i}`, `card ${s} here`]));
    metadata["4111111111111111"] = "as a key";
    metadata["3782-822463-10005"] = "as a grouped key";
    const made = await t.post("/v1/transactions", sale({ metadata, payment_method: { ...CARD, first_name: "Ada 4111 1111 1111 1111", last_name: "3782-822463-10005" } }));
    expect(made.status, made.text).toBe(200);
    keep("create answer", made.text);
    expect(made.body.metadata).toMatchObject({ k0: "card 411111******1111 here", k3: "card 3782 82**** *0005 here", "411111******1111": "as a key", "3782-82****-*0005": "as a grouped key" });
    expect(made.body.payment_method.first_name).toBe("Ada 4111 11** **** 1111");
    const id = made.body.id;
    keep("GET /v1/transactions/{id}", (await t.get(`/v1/transactions/${id}`)).text);
    keep("GET /v1/transactions", (await t.get("/v1/transactions")).text);

    const token = await t.post("/v1/payment_tokens", { payment_method: { ...CARD, first_name: "5555-5555-5555-4444" }, nickname: "my 4111 1111 1111 1111" });
    expect(token.status, token.text).toBe(200);
    keep("token create", token.text);
    keep("token read", (await t.get(`/v1/payment_tokens/${token.body.id}`)).text);

    const client = await t.post("/v1/clients", newClient({ dba: "Cafe 3782 822463 10005" }), { as: RESELLER });
    expect(client.status, client.text).toBe(200);
    keep("client create", client.text);
    keep("client read", (await t.get(`/v1/clients/${client.body.id}`, { as: RESELLER })).text);

    keep("/_mock/transactions", (await t.get("/_mock/transactions", { as: null })).text);
    for (const view of ["transactions", "log"]) keep(`inspector ${view}`, (await t.get(`/_mock/ui/views/${view}`, { as: null })).text);
    keep("inspector page", (await t.get("/_mock/ui", { as: null })).text);
    keep("journal", (await t.get("/_mock/requests", { as: null })).text);
    keep("export", (await t.get("/_mock/journal/export", { as: null })).text);

    for (const [where, text] of surfaces) expect(cardsIn(text), where).toEqual([]);
    expect(surfaces.length).toBe(13);
  });

  it("a card number in a path: journal, live stream and export masked; control 404s do not echo it", async () => {
    const t = setup({ seed: "paths" });
    const events = await t.double.app.request("/_mock/events");
    const reader = events.body!.getReader();
    const texts: [string, string][] = [];
    for (const p of ["3782%20822463%2010005", "3782-822463-10005", "4111-1111-1111-1111", "4111111111111111"]) {
      texts.push([`GET /v1/transactions/${p}`, (await t.get(`/v1/transactions/${p}`)).text]);
      texts.push([`unknown route ${p}`, (await t.get(`/v1/nothing/${p}`)).text]);
      for (const [method, path] of [["DELETE", `/_mock/sandboxes/${p}`], ["GET", `/sandboxes/${p}/_mock/clock`], ["GET", `/_mock/ui/views/${p}`], ["POST", `/_mock/transactions/${p}/ach-return`], ["POST", `/_mock/batches/${p}/settle`], ["DELETE", `/_mock/scenarios/${p}`], ["GET", `/_mock/requests/${p}`]]) {
        const r = await t.call(method!, path!, { as: null, ...(method === "POST" ? { body: {} } : {}) });
        expect(r.status, `${method} ${path}`).toBeGreaterThanOrEqual(400);
        texts.push([`${method} ${path}`, r.text]);
      }
    }
    const x = await t.call("POST", "/v1/transactions", { body: sale(), headers: { "X-Api-Key": "sk_live_4111111111111111", "X-Token": "3782 822463 10005" } });
    expect(x.status).toBe(200);
    texts.push(["journal", (await t.get("/_mock/requests", { as: null })).text]);
    const exported = (await t.get("/_mock/journal/export", { as: null })).text;
    texts.push(["export", exported]);
    expect(exported).not.toContain("sk_live_");
    let live = "";
    const decoder = new TextDecoder();
    while (!live.includes("sk_live") && (live.match(/event: request/g) ?? []).length < 9) live += decoder.decode((await reader.read()).value);
    await reader.cancel();
    texts.push(["live stream", live]);
    for (const [where, text] of texts) expect(cardsIn(text), where).toEqual([]);
    expectEnvelope(await t.call("DELETE", "/_mock/sandboxes/4111111111111111", { as: null }), 404, "RESOURCE_NOT_FOUND");
  });
});
