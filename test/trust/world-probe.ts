import { send, startDouble } from "../hardening/socket.js";
import type { RunningDouble } from "../../src/start.js";
import { MERCHANT } from "../helpers.js";
import { sale } from "../payments-helpers.js";

/**
 * What "nothing changed" means for the trust suites: a world that received hostile requests must be
 * byte for byte the world of a twin (same seed) that never saw them: the same export, the same
 * journal, the same clock and the same next request id.
 */
export const merchant = { "Api-Key": MERCHANT.key, "Client-Id": MERCHANT.id, "content-type": "application/json" };

/** Two doubles of one seed, each with a sandbox and a card sale in both worlds. */
export async function twins(options: Parameters<typeof startDouble>[0] = {}) {
  const pair: RunningDouble[] = [];
  let sandbox = "";
  for (let i = 0; i < 2; i++) {
    const d = await startDouble({ seed: "twins", ...options });
    const made = await send(d, "POST", "/_mock/sandboxes", { body: '{"seed":"inner"}', headers: { "content-type": "application/json" } });
    sandbox = JSON.parse(made.text).id;
    for (const root of ["", `/sandboxes/${sandbox}`]) {
      const r = await send(d, "POST", `${root}/v1/transactions`, { body: JSON.stringify(sale()), headers: merchant });
      if (r.status !== 200) throw new Error(`sale: ${r.status} ${r.text}`);
    }
    pair.push(d);
  }
  return { hostile: pair[0]!, twin: pair[1]!, sandbox, close: () => Promise.all(pair.map((d) => d.close())) };
}

/** Everything a world shows, read the same way from both twins (the reads draw the same ids in each). */
export async function snapshot(d: RunningDouble, sandbox: string): Promise<string[]> {
  const out: string[] = [];
  for (const root of ["", `/sandboxes/${sandbox}`]) {
    for (const path of ["/_mock/journal/export", "/_mock/requests", "/_mock/clock", "/_mock/scenarios", "/_mock/transactions", "/_mock/sandboxes"]) {
      const text = (await send(d, "GET", root + path)).text.replaceAll(new URL(d.url).host, "HOST");
      out.push(`${root}${path} ${text}`);
    }
  }
  return out;
}
