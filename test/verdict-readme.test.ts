import { readFileSync } from "node:fs";
import { join } from "node:path";
import { transformSync } from "esbuild";
import { afterEach, describe, expect, it } from "vitest";
import { startDouble, type RunningDouble } from "../src/index.js";

/**
 * Issue 19 "Must show": the README's own `charge()` (read from README.md, not copied) comes out
 * clean, and the same function with its reconciliation removed gets the blind-retry and
 * double-charge findings, each naming spec rule 3 and the two journal entries. Real sockets.
 */
const README = readFileSync(join(import.meta.dirname, "..", "README.md"), "utf8");
const CHARGE_TS = /async function charge[\s\S]*?\n}\n/.exec(/<!-- example: library[^>]*-->\n```ts\n([\s\S]*?)```/.exec(README)![1]!)![0];
const RECONCILIATION = /\n {4}const list = await fetch[\s\S]*?if \(found\) return found;/;

type Charge = (baseUrl: string, headers: Record<string, string>, orderId: string, pan: string) => Promise<{ id: string; result: string }>;
function load(ts: string): Charge {
  const js = transformSync(ts, { loader: "ts", format: "cjs" }).code;
  return new Function(`${js}\nreturn charge;`)() as Charge;
}

let gateway: RunningDouble | undefined;
afterEach(async () => {
  await gateway?.close();
  gateway = undefined;
});

async function merchant(g: RunningDouble) {
  const { clients } = (await (await fetch(`${g.url}/_mock/fixtures`)).json()) as { clients: { id: string; api_key: string; type: string }[] };
  const demo = clients.find((c) => c.type === "merchant")!;
  return { "Api-Key": demo.api_key, "Client-Id": demo.id };
}

describe("the README's charge() under the verdict", () => {
  it("the README's suite meets the 502-after-approval outcome, and its client has no findings", async () => {
    expect(CHARGE_TS).toMatch(RECONCILIATION);
    const charge = load(CHARGE_TS);
    gateway = await startDouble({ seed: "ci" });
    const headers = await merchant(gateway);
    await gateway.reset();
    const sale = await charge(gateway.url, headers, "ORD-1", "4000005020000007");
    expect(sale.result).toBe("APPROVED");

    const coverage = await gateway.coverage();
    const met = coverage.operations.flatMap((g) => g.outcomes).filter((o) => o.met).map((o) => o.id);
    expect(met).toEqual(expect.arrayContaining(["createTransaction/502-created", "listTransactions/200", "quirk/return_fields_absent"]));
    const by = coverage.operations.flatMap((g) => g.outcomes).find((o) => o.id === "createTransaction/502-created")!.by!;
    expect(by).toMatchObject({ method: "POST", path: "/v1/transactions", status: 502, link: `/_mock/requests/${by.seq}` });
    expect((await gateway.audit()).findings).toEqual([]);
  });

  it("without the reconciliation, the blind retry and the second charge are found, citing rule 3 and both entries", async () => {
    const blind = CHARGE_TS.replace(RECONCILIATION, "");
    expect(blind).not.toContain("metadata?.order_id");
    const charge = load(blind);
    gateway = await startDouble({ seed: "ci" });
    const headers = await merchant(gateway);
    await expect(charge(gateway.url, headers, "ORD-1", "4000005020000007")).rejects.toThrow(/gave up/);

    const { findings } = await gateway.audit();
    const kinds = findings.map((f) => f.kind);
    expect(kinds).toEqual(expect.arrayContaining(["blind_retry_after_502", "duplicate_charge"]));
    const posts = (await gateway.requests.list({ operation: "createTransaction" })).map((e) => e.seq);
    for (const kind of ["blind_retry_after_502", "duplicate_charge"]) {
      const f = findings.find((x) => x.kind === kind)!;
      expect(f.rule).toBe("spec Errors, rule 3");
      expect(f.spec).toContain("a blind retry of a completed payment creates a second charge");
      expect(f.entries.map((e) => e.seq)).toEqual(posts.slice(0, 2));
      expect(f.entries.every((e) => e.status === 502 && e.link === `/_mock/requests/${e.seq}`)).toBe(true);
      expect(f.instead).toMatch(/GET \/v1\/transactions/);
    }
    // The journal itself says nothing of it: the findings live beside it, so replays stay byte-identical.
    expect(JSON.stringify(await gateway.requests.list())).not.toMatch(/blind_retry|gap/);
  });
});
