import { expect, test } from "vitest";
import { createDouble } from "../src/index.js";

// The audit compares a request's body with the client's earlier failed ones to spot retries: a body
// nested past the stack made that comparison throw, and every later request of the client was a 500.
test("a body nested 20,000 deep leaves the next requests answered as usual (the audit never breaks an answer)", async () => {
  const d = createDouble({ seed: "hostile" });
  const fx = (await (await d.app.request("/_mock/fixtures")).json()) as { clients: { id: string; api_key: string; type: string }[] };
  const r = fx.clients.find((c) => c.type === "reseller")!;
  const send = (body: string) =>
    d.app.request("/v1/clients", { method: "POST", body, headers: { "Api-Key": r.api_key, "Client-Id": r.id, "content-type": "application/json" } });
  const n = 20_000;
  for (const body of [`{"dba":${'{"a":'.repeat(n)}1${"}".repeat(n)}}`, `{"dba":${'{"a":'.repeat(50)}1${"}".repeat(50)}}`, `{"dba":${"[".repeat(n)}${"]".repeat(n)}}`]) {
    const res = await send(body);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error_code: string }).error_code).toBe("INVALID_REQUEST_DATA");
  }
});
