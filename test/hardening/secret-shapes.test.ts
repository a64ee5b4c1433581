import { describe, expect, it } from "vitest";
import { maskCardNumbers, maskDeep, maskDigitRuns, maskPath } from "../../src/core/mask.js";
import { MERCHANT } from "../helpers.js";
import { CARD } from "../payments-helpers.js";
import { everything, surfaces } from "./surfaces.js";

/**
 * PRODUCT.md, Limits: "No full card number, CVV, account number, client secret or API key appears in
 * any answer, log line, journal entry or export, whatever field, key, path or format it arrives in."
 * The shapes a review found leaking: secrets in a query string (export), under a secret's name in
 * metadata (answers), inside an array or object, under another spelling of the name or in another
 * header, and card numbers written with other separators.
 */
const CVV = "737";
const ACCOUNT = "55443322";
const SECRET = "hunter2Zq8Xv";
const KEY = "pk_live_ZZKEY12345";
const BEARER = "sk_live_ZZBEARER99";

const world = () => everything("secret-shapes");

const exportedPaths = (exported: string) =>
  exported
    .split("\n")
    .filter((l) => l.startsWith("{"))
    .map((l) => JSON.parse(l) as { path?: string })
    .flatMap((l) => (l.path === undefined ? [] : [l.path]));

describe("secrets in every shape", () => {
  it("seals a query string naming a secret or holding a card number in the export", async () => {
    const { s, lines } = world();
    await s.get(`/v1/transactions?cvv=${CVV}&account_number=${ACCOUNT}&client_secret=${SECRET}&api_key=${KEY}`);
    await s.get("/v1/transactions?pan=4111+1111+1111+1111");
    await s.get("/v1/transactions?n=4111%2B1111%2B1111%2B1111");
    await s.get("/v1/transactions?m=%34%31%31%31%31%31%31%31%31%31%31%31%31%31%31%31");
    const { exported, journal, logJson } = await surfaces(s, lines);
    const paths = exportedPaths(exported);
    expect(paths).toHaveLength(4);
    for (const p of paths) expect(p).toMatch(/^sealed:/);
    for (const text of [journal, logJson]) {
      for (const secret of [`"${CVV}"`, ACCOUNT, SECRET, KEY, "4111+1111", "4111111111111111"]) expect(text).not.toContain(secret);
    }
  });

  it("masks a metadata value stored under a secret's name in every answer", async () => {
    const { s } = world();
    const metadata = { cvv: CVV, account_number: ACCOUNT, api_key: KEY, clientSecret: SECRET, note: "kept" };
    const sale = await s.post("/v1/transactions", { type: "SALE", amount: 1000, payment_method: CARD, metadata });
    expect(sale.status).toBe(200);
    const read = await s.get(`/v1/transactions/${sale.body.id}`);
    const listed = await s.get("/_mock/transactions", { as: null });
    for (const text of [sale.text, read.text, listed.text]) {
      for (const secret of [`"${CVV}"`, ACCOUNT, SECRET, KEY]) expect(text).not.toContain(secret);
    }
    expect(sale.body.metadata).toEqual({ cvv: "***", account_number: "****3322", api_key: "pk_live_**********", clientSecret: "********", note: "kept" });
  });

  it("masks a secret sent inside an array or an object, and under other spellings of its name", async () => {
    const { s, lines } = world();
    await s.post("/v1/transactions", { type: "SALE", amount: 1000, payment_method: { ...CARD, cvv: [CVV] } });
    await s.post("/v1/transactions", { type: "SALE", amount: 1000, payment_method: { ...CARD, cvv: { v: CVV } } });
    await s.post("/v1/integrations", { is_active: false, processor: "Achproc", integration_details: { client_id: "c1", client_secret: [SECRET] } });
    await s.post("/v1/transactions", { type: "SALE", amount: 1000, payment_method: CARD, clientSecret: SECRET, "Account-Number": ACCOUNT, apiKey: KEY });
    const { journal, exported, logJson } = await surfaces(s, lines);
    for (const text of [journal, exported, logJson]) {
      for (const secret of [`"${CVV}"`, ACCOUNT, SECRET, KEY]) expect(text).not.toContain(secret);
    }
    expect(journal).toContain('"cvv":["***"]');
  });

  it("masks credentials sent in any header: X-Api-Key, Authorization, X-Cvv", async () => {
    const { s, lines } = world();
    await s.get("/v1/clients", { as: null, headers: { "Client-Id": MERCHANT.id, "X-Api-Key": KEY, Authorization: `Bearer ${BEARER}`, "X-Cvv": CVV } });
    const { journal, logJson } = await surfaces(s, lines);
    for (const text of [journal, logJson]) {
      for (const secret of [KEY, BEARER, `"${CVV}"`]) expect(text).not.toContain(secret);
    }
    expect(journal).toContain('"x-api-key":"pk_live_**********"');
  });

  it("masks card numbers written with dots, slashes, plus signs, double spaces or in groups of eight", async () => {
    const { s, lines } = world();
    const forms = { a: "4111.1111.1111.1111", b: "41111111 11111111", c: "4111  1111  1111  1111", d: "4111/1111/1111/1111", e: "4111+1111+1111+1111" };
    const sale = await s.post("/v1/transactions", { type: "SALE", amount: 1000, payment_method: CARD, metadata: forms });
    expect(sale.status).toBe(200);
    const byPath = await s.get("/v1/transactions/4111.1111.1111.1111");
    await s.get("/v1/transactions/4111+1111+1111+1111");
    const { journal, exported, logJson } = await surfaces(s, lines);
    for (const text of [sale.text, byPath.text, journal, logJson, exportedPaths(exported).join("\n")]) {
      for (const form of Object.values(forms)) expect(text).not.toContain(form);
    }
    expect(sale.body.metadata.a).toBe("4111.11**.****.1111");
  });
});

describe("masking functions", () => {
  it("leaves a UUID's digit groups alone (a journal correlation_id equals the request id)", () => {
    for (const id of ["7e934ed6-0611-4480-8499-05c49e93b5eb", "00000000-4111-1111-1111-111111111111"]) {
      expect(maskDigitRuns(id)).toBe(id);
      expect(maskDeep({ correlation_id: id })).toEqual({ correlation_id: id });
    }
  });

  it("still masks a grouped card number followed by words, and one inside a path", () => {
    expect(maskDigitRuns("card 4111 1111 1111 1111 expires soon")).toBe("card 4111 11** **** 1111 expires soon");
    expect(maskCardNumbers("paid with 4111.1111.1111.1111.")).toBe("paid with 4111.11**.****.1111.");
    expect(maskPath("/v1/transactions/4111.1111.1111.1111")).not.toContain("4111.1111.1111.1111");
    expect(maskPath("/v1/transactions?n=4111%2B1111%2B1111%2B1111")).not.toContain("1111%2B1111");
    // The fewest digits each one masks: a PAN of 12 in a path or free text, a card number of 13.
    expect(maskPath("/v1/transactions/411111111111")).toBe("/v1/transactions/411111**1111");
    expect(maskDigitRuns("ref 4111-1111-1111")).toBe("ref 4111-11**-1111");
    expect(maskCardNumbers("card 4222222222222")).toBe("card 422222***2222");
  });

  it("masks secrets by name whatever the value's shape and the name's spelling", () => {
    expect(maskDeep({ cvv: ["737", 737, { v: "737" }], "Client-Secret": "abcdefgh", X_API_KEY: KEY, authorization: `Bearer ${BEARER}` })).toEqual({
      cvv: ["***", "***", { v: "***" }],
      "Client-Secret": "********",
      X_API_KEY: "pk_live_**********",
      authorization: "********",
    });
  });
});
