import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { send } from "../hardening/socket.js";
import { sale } from "../payments-helpers.js";
import { merchant, snapshot, twins } from "./world-probe.js";

/**
 * Issue 21 item 8: what a foreign page can send without asking (an `<img>` GET, a `text/plain` form
 * POST, a `fetch` in no-cors mode) is refused before it reaches any world: no tick, no request id,
 * no journal, replay or export trace. Over a real socket, compared byte for byte with a twin.
 */
let t: Awaited<ReturnType<typeof twins>>;
beforeAll(async () => {
  t = await twins();
});
afterAll(() => t.close());

const big = "x".repeat(8 * 1024);
const CROSS: Record<string, string>[] = [
  { "sec-fetch-site": "cross-site", "sec-fetch-mode": "no-cors", "sec-fetch-dest": "image" },
  { "sec-fetch-site": "cross-site", "sec-fetch-mode": "navigate", "sec-fetch-dest": "document" },
  { origin: "https://evil.example" },
  { origin: "null" },
  { origin: "http://localhost:3000", "sec-fetch-site": "same-site" },
  { origin: "http://127.0.0.1", "sec-fetch-site": "same-site" },
];

describe("item 8: a cross-site request reaches no world", () => {
  it("refuses <img> GETs, text/plain posts and foreign-Origin calls on /v1 and /_mock, in every world; nothing changes", async () => {
    let refused = 0;
    for (const root of ["", `/sandboxes/${t.sandbox}`]) {
      for (const headers of CROSS) {
        for (const [method, path, body, type] of [
          ["GET", "/v1/transactions", undefined, undefined],
          ["POST", "/v1/transactions", big, "text/plain"],
          ["POST", "/v1/transactions", JSON.stringify(sale()), "application/json"],
          ["GET", "/_mock/requests", undefined, undefined],
          ["GET", "/_mock/journal/export", undefined, undefined],
          ["POST", "/_mock/reset", undefined, undefined],
          ["POST", "/_mock/clock/advance", '{"by":"P1D"}', "text/plain"],
          ["DELETE", "/_mock/requests", undefined, undefined],
          ["GET", "/_mock/ui", undefined, undefined],
        ] as const) {
          const r = await send(t.hostile, method, root + path, { body, headers: { ...merchant, ...(type ? { "content-type": type } : {}), ...headers } });
          expect(r.status, `${method} ${root}${path} ${JSON.stringify(headers)}`).toBe(403);
          expect(JSON.parse(r.text)).toMatchObject({ error_code: "UNAUTHORIZED_ACTION", correlation_id: "00000000-0000-0000-0000-000000000000" });
          refused++;
        }
      }
    }
    expect(refused).toBe(2 * CROSS.length * 9);
    expect(await snapshot(t.hostile, t.sandbox)).toEqual(await snapshot(t.twin, t.sandbox));
  });

  it("lets same-origin pages, typed addresses and non-browser clients through", async () => {
    const host = new URL(t.twin.url).host;
    for (const headers of <Record<string, string>[]>[
      {},
      { "sec-fetch-site": "none", "sec-fetch-mode": "navigate" },
      { "sec-fetch-site": "same-origin", origin: `http://${host}` },
      { "sec-fetch-site": "same-site" },
      { origin: `https://${host}` },
    ]) {
      const r = await send(t.twin, "GET", "/_mock/clock", { headers });
      expect(r.status, JSON.stringify(headers)).toBe(200);
    }
  });
});
