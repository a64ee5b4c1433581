import { expect, it } from "vitest";
import { startDouble } from "../src/index.js";
import { MERCHANT, rawAnswer, RESELLER, setup, type Caller } from "./helpers.js";

/**
 * Behind node's server the replay log reads the headers it keeps from node's raw header lines, and a
 * request whose replayed lines repeat the last request's reuses the set kept for it (http/changes.ts).
 * Whatever a client changes between requests (credentials, an `x-` header, its spacing, a repeated
 * line, a header that is not replayed), the export must be the one the same requests give in process,
 * where no raw lines exist and every set is built afresh.
 */
const SALE = JSON.stringify({ type: "SALE", amount: 1500, payment_method: { type: "Card", entry_method: "ECOMMERCE", pan: "4242424242424242", expiry: { month: "12", year: "2030" }, cvv: "123" } });
const creds = (c: Caller) => [`Api-Key: ${c.key}`, `Client-Id: ${c.id}`];
const json = "Content-Type: application/json";

const STEPS: { method: "GET" | "POST"; path: string; lines: string[] }[] = [
  { method: "POST", path: "/v1/transactions", lines: [...creds(MERCHANT), json] },
  { method: "POST", path: "/v1/transactions", lines: [...creds(MERCHANT), json] },
  { method: "GET", path: "/v1/transactions?limit=1", lines: creds(MERCHANT) },
  { method: "POST", path: "/v1/transactions", lines: [...creds(RESELLER), json] },
  { method: "POST", path: "/v1/transactions", lines: [...creds(MERCHANT), json, "X-Trace: a"] },
  { method: "POST", path: "/v1/transactions", lines: [...creds(MERCHANT), json, "X-Trace:   b  "] },
  { method: "POST", path: "/v1/transactions", lines: [...creds(MERCHANT), json, "x-trace: a", "X-Trace: c"] },
  { method: "POST", path: "/v1/transactions", lines: [...creds(MERCHANT), "content-type: application/json", "X-Request-Id: mine"] },
  { method: "POST", path: "/v1/transactions", lines: [...creds(MERCHANT), json] },
];

/** The lines as a fetch client sends them: one value per name, repeats joined. */
function headersOf(lines: string[]): Headers {
  const h = new Headers();
  for (const l of lines) h.append(l.slice(0, l.indexOf(":")), l.slice(l.indexOf(":") + 1));
  return h;
}

it("behind node's server, the replay log keeps each request's own headers, as in process", async () => {
  const running = await startDouble({ seed: "served" });
  let served: string;
  try {
    const port = Number(new URL(running.url).port);
    for (const s of STEPS) {
      const body = s.method === "POST" ? SALE : "";
      const head = [`${s.method} ${s.path} HTTP/1.1`, "Host: 127.0.0.1", ...s.lines, `Content-Length: ${body.length}`].join("\r\n");
      expect(await rawAnswer(port, `${head}\r\n\r\n${body}`)).toMatch(/^HTTP\/1\.1 (200|40\d)/);
    }
    served = await (await fetch(`${running.url}/_mock/journal/export`)).text();
  } finally {
    await running.close();
  }
  const { double } = setup({ seed: "served" });
  for (const s of STEPS) await double.app.request(s.path, { method: s.method, headers: headersOf(s.lines), body: s.method === "POST" ? SALE : undefined });
  const inProcess = await (await double.app.request("/_mock/journal/export")).text();
  expect(served).toBe(inProcess);
  // Not vacuous: the log holds the six sets the steps differ by (values sealed), each where it was sent.
  const sets = served.trim().split("\n").slice(1, -1).map((l) => JSON.stringify(JSON.parse(l).headers));
  expect(sets.map((s) => sets.indexOf(s))).toEqual([0, 0, 2, 3, 4, 5, 6, 0, 0]);
});
