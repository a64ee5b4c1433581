import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startDouble, type RunningDouble } from "../src/index.js";

/**
 * Issue 19, client conduct: each finding kind played by a misbehaving client over real sockets, and
 * the well-behaved client doing the same job, which must come out clean. Retry gaps are wall-clock
 * facts; the backoff tests move an injected clock where a client would wait.
 */
const MERCHANT = { id: "CLIENT-01JDEM0MERCHANT00000000000", key: "pk_live_01JDEM0MERCHANTKEY00000000" };
const RESELLER = { id: "CLIENT-01JR00TRESE11ER0000000000R", key: "pk_live_01JR00TRESE11ERKEY00000000" };
const card = (pan: string, type = "SALE", amount = 2500) => ({ type, amount, payment_method: { type: "Card", entry_method: "ECOMMERCE", pan, expiry: { month: "12", year: "2030" } } });

let g: RunningDouble;
beforeEach(async () => {
  g = await startDouble({ seed: "conduct" });
});
afterEach(() => g.close());

type As = { id: string; key: string };
async function call(method: string, path: string, body?: unknown, as: As = MERCHANT, extra: Record<string, string> = {}) {
  const res = await fetch(g.url + path, {
    method,
    headers: { "Api-Key": as.key, "Client-Id": as.id, ...(body === undefined ? {} : { "content-type": "application/json" }), ...extra },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}
const kinds = async () => (await g.audit()).findings.map((f) => f.kind);
async function only(kind: string) {
  const { findings } = await g.audit();
  expect(findings.map((f) => f.kind)).toContain(kind);
  return findings.find((f) => f.kind === kind)!;
}

describe("rule 4: do not retry 400, 401, 403, 404, 409", () => {
  it("a 400 sent again unchanged is found, citing both entries", async () => {
    const bad = { ...card("4242424242424242"), amount: -5 };
    expect((await call("POST", "/v1/transactions", bad)).status).toBe(400);
    expect((await call("POST", "/v1/transactions", bad)).status).toBe(400);
    const f = await only("retry_after_client_error");
    expect(f.rule).toBe("spec Errors, rule 4");
    expect(f.spec).toContain("Do not retry 400, 401, 403, 404, 409.");
    expect(f.entries.map((e) => [e.seq, e.status])).toEqual([[1, 400], [2, 400]]);
    // The inspector's Verdict view badges the finding and links both requests.
    const html = await (await fetch(`${g.url}/_mock/ui/views/verdict`)).text();
    expect(html).toContain('<span class="badge">retry_after_client_error</span>');
    expect(html).toContain('<a href="/_mock/requests/1">#1 POST /v1/transactions → 400</a>');
  });
  it("a request with a 12 KB URL sent again unchanged is found; one that differs in its last character is not", async () => {
    const url = (last: string) => `/v1/transactions?note=${"x".repeat(12 * 1024)}${last}`;
    const wrong = { ...MERCHANT, key: "pk_live_wrong" };
    expect((await call("GET", url("a"), undefined, wrong)).status).toBe(401);
    expect((await call("GET", url("b"), undefined, wrong)).status).toBe(401);
    expect(await kinds()).not.toContain("retry_after_client_error");
    expect((await call("GET", url("b"), undefined, wrong)).status).toBe(401);
    expect(await kinds()).toContain("retry_after_client_error");
  });
  it("a 400 fixed before it is sent again is clean", async () => {
    expect((await call("POST", "/v1/transactions", { ...card("4242424242424242"), amount: -5 })).status).toBe(400);
    expect((await call("POST", "/v1/transactions", card("4242424242424242"))).status).toBe(200);
    expect(await kinds()).toEqual([]);
  });
});

describe("rule 4: retry 500 and 502 with exponential backoff, three or four attempts", () => {
  // The gaps are wall-clock facts; a clock the test moves keeps a loaded machine from stretching them.
  let now = 0;
  const wait = async (ms: number) => void (now += ms);
  beforeEach(async () => {
    await g.close();
    g = await startDouble({ seed: "conduct", wallClock: () => now });
  });
  it("a 500 retried at once is found with the measured gap", async () => {
    for (let i = 0; i < 3; i++) expect((await call("POST", "/v1/transactions", card("4000005000000001"))).status).toBe(500);
    const f = await only("retry_without_backoff");
    expect(f.message).toBe("createTransaction was retried 0 ms after the 500 (less than 100 ms); waits so far: 0 ms.");
    expect(f.entries.map((e) => e.seq)).toEqual([1, 2]);
  });
  it("a fifth attempt is found even with backoff", async () => {
    for (const pause of [0, 110, 120, 130, 140]) {
      await wait(pause);
      expect((await call("POST", "/v1/transactions", card("4000005000000001"))).status).toBe(500);
    }
    expect(await kinds()).toEqual(["too_many_attempts"]);
  });
  it("three attempts with growing waits are clean", async () => {
    for (const pause of [0, 150, 400]) {
      await wait(pause);
      expect((await call("POST", "/v1/transactions", card("4000005000000001"))).status).toBe(500);
    }
    expect(await kinds()).toEqual([]);
  });
});

describe("Authentication 6: X-Acting-As-Client-Id", () => {
  it("naming the caller itself is found", async () => {
    expect((await call("GET", "/v1/transactions", undefined, RESELLER, { "X-Acting-As-Client-Id": RESELLER.id })).status).toBe(200);
    const f = await only("acting_as_self");
    expect(f.spec).toContain("Sending one's own client id is not the same as omitting the header");
  });
  it("a merchant sending it at all is found", async () => {
    await call("GET", "/v1/transactions", undefined, MERCHANT, { "X-Acting-As-Client-Id": RESELLER.id });
    expect(await kinds()).toEqual(["merchant_acting_as"]);
  });
  it("a reseller acting for its child, and a merchant omitting it, are clean", async () => {
    expect((await call("GET", "/v1/transactions", undefined, RESELLER, { "X-Acting-As-Client-Id": MERCHANT.id })).status).toBe(200);
    expect((await call("GET", "/v1/transactions")).status).toBe(200);
    expect(await kinds()).toEqual([]);
  });
});

describe("updateClient: send only the properties to change", () => {
  it("re-sending what was read is found, naming the unchanged properties and the read", async () => {
    const read = await call("GET", `/v1/clients/${MERCHANT.id}`);
    expect((await call("POST", `/v1/clients/${MERCHANT.id}`, { dba: read.body.dba, website: "https://shop.example" })).status).toBe(200);
    const f = await only("stale_update");
    expect(f.message).toContain("`dba`");
    expect(f.entries.map((e) => e.method)).toEqual(["GET", "POST"]);
  });
  it("sending only the change is clean", async () => {
    await call("GET", `/v1/clients/${MERCHANT.id}`);
    expect((await call("POST", `/v1/clients/${MERCHANT.id}`, { website: "https://shop.example" })).status).toBe(200);
    expect(await kinds()).toEqual([]);
  });
});

describe("409: no; read the resource first", () => {
  it("capturing more than was authorized, again and again, without a read is found", async () => {
    const auth = await call("POST", "/v1/transactions", card("4242424242424242", "AUTH"));
    await call("POST", `/v1/transactions/${auth.body.id}/capture`);
    expect((await call("POST", `/v1/transactions/${auth.body.id}/capture`, { amount: 100 })).status).toBe(409);
    expect((await call("POST", `/v1/transactions/${auth.body.id}/capture`, { amount: 200 })).status).toBe(409);
    const f = await only("repeated_conflict");
    expect(f.spec).toContain("read the resource first");
  });
  it("a 409 followed by a read of the resource is clean", async () => {
    const sale = await call("POST", "/v1/transactions", card("4242424242424242"));
    expect((await call("POST", `/v1/transactions/${sale.body.id}/cancel`, { type: "REFUND", amount: 100 })).status).toBe(409);
    expect((await call("GET", `/v1/transactions/${sale.body.id}`)).body.is_settled).toBe(false);
    expect((await call("POST", `/v1/transactions/${sale.body.id}/cancel`, { type: "VOID" })).status).toBe(200);
    expect(await kinds()).toEqual([]);
  });
});

describe("silencing by name, per world", () => {
  it("a silenced kind leaves this world's audit and is counted; a misspelt kind is 400 with a suggestion", async () => {
    const bad = { ...card("4242424242424242"), amount: -5 };
    await call("POST", "/v1/transactions", bad);
    await call("POST", "/v1/transactions", bad);
    const silence = await fetch(`${g.url}/_mock/audit/silenced/retry_after_client_error`, { method: "PUT" });
    expect(await silence.json()).toEqual({ silenced: ["retry_after_client_error"] });
    const audit = await g.audit();
    expect(audit.findings).toEqual([]);
    expect(audit.silenced).toEqual([{ world: null, kind: "retry_after_client_error", findings: 1 }]);
    const typo = await fetch(`${g.url}/_mock/audit/silenced/retry_after_client_eror`, { method: "PUT" });
    expect(typo.status).toBe(400);
    expect(((await typo.json()) as { details: Record<string, string> }).details.kind).toMatch(/did you mean retry_after_client_error/);
  });
});
