import { MERCHANT } from "../helpers.js";
import { createBody, scenarioYaml, type Cmd } from "./commands.js";
import type { Driver } from "./driver.js";

/**
 * Plays a script with no model: targets are picked among the ids the answers showed, and a list
 * read follows every step (so 502-after-create payments and event effects enter the stream). What
 * the determinism property compares is the driver's stream of answers.
 */
export async function playScript(d: Driver, script: readonly Cmd[]): Promise<void> {
  const ids: string[] = [];
  let names = 0;
  const target = (n: number) => (ids.length === 0 ? null : ids[n % ids.length]);
  const keep = (r: { status: number; body: any }) => {
    if (r.status === 200 && typeof r.body?.id === "string") ids.push(r.body.id);
  };
  for (const c of script) {
    switch (c.k) {
      case "card":
      case "ach":
        keep(await d.post("/v1/transactions", createBody(c)));
        break;
      case "token": {
        const tokens = [...new Set(d.stream.flatMap((line) => line.match(/PAYMENT_TOKEN-[0-9A-Z]{26}/g) ?? []))];
        if (tokens.length > 0) keep(await d.post("/v1/transactions", createBody(c, tokens[c.pick % tokens.length])));
        break;
      }
      case "capture": {
        const id = target(c.pick);
        if (id) keep(await d.post(`/v1/transactions/${id}/capture`, c.amount === null ? {} : { amount: c.amount }));
        break;
      }
      case "void":
      case "refund": {
        const id = target(c.pick);
        const body = c.k === "void" ? { type: "VOID" } : c.amount === null ? { type: "REFUND" } : { type: "REFUND", amount: c.amount };
        if (id) keep(await d.post(`/v1/transactions/${id}/cancel`, body));
        break;
      }
      case "close":
        await d.post("/v1/batches/close", { client_id: MERCHANT.id, processor: "Cardproc", batch_type: "card", created_at: "2026-03-02" });
        break;
      case "advance": {
        if (c.by !== "edge") {
          await d.post("/_mock/clock/advance", c.by === null ? { until: "next_event" } : { by: c.by });
          break;
        }
        const clock = await d.get("/_mock/clock");
        const next = clock.body.pending[0];
        if (next) await d.post("/_mock/clock/advance", { to: new Date(Math.max(Date.parse(clock.body.now), Date.parse(next.at) - 1)).toISOString() });
        break;
      }
      case "scenario":
        await d.yaml("/_mock/scenarios", scenarioYaml(c, `det-${++names}`));
        break;
      case "reset":
        await d.post("/_mock/reset");
        ids.length = 0;
        break;
    }
    await d.get("/v1/transactions?limit=100&sort_order=asc");
  }
  await d.get("/v1/batches?take=100");
  await d.get("/_mock/clock");
}

/**
 * Every read of a world, in a fixed order: each transaction listed and read by id, every batch and
 * its members, the clock, the scenarios, the request journal. Used on an original world and on its
 * replay; both answer the same bytes (x-request-id included) when the replay rebuilt it exactly.
 */
export async function readEverything(d: Driver): Promise<void> {
  const rows = await d.allTransactions();
  for (const r of rows) await d.get(`/v1/transactions/${r.id}`);
  const batches = await d.allBatches();
  for (const b of batches) await d.get(`/v1/batches/${b.id}/transactions?limit=100`);
  await d.get("/v1/batches/transactions?limit=100");
  await d.get("/_mock/clock");
  await d.get("/_mock/scenarios");
  await d.get("/_mock/requests");
}
