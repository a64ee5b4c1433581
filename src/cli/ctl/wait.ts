import { wallNow } from "../../core/clock.js";
import type { CtlCommand } from "./commands.js";
import { ServerSaidNo, UsageError } from "./http.js";

/** `30s`, `500ms`, `2m` or a bare number of seconds -> milliseconds; null when it is none of them. */
export function parseTimeout(text: string): number | null {
  const m = /^(\d+(?:\.\d+)?)(ms|s|m)?$/.exec(text.trim());
  if (!m) return null;
  return Number(m[1]) * (m[2] === "ms" ? 1 : m[2] === "m" ? 60_000 : 1000);
}

const NO_ANSWER = "no answer";
const expiry = (ms: number) =>
  new Promise<never>((_, reject) => setTimeout(() => reject(new ServerSaidNo("GET /_mock/health", 0, NO_ANSWER)), Math.max(ms, 0)).unref());

/** How often `ctl wait` asks: often enough that a test starts about as soon as the double can answer. */
const EVERY_MS = 100;

/**
 * `paydouble ctl wait [--timeout 30s]`: asks GET /_mock/health until it answers 200 (a port not
 * yet open, a connection reset or an answer that is not 200 all mean "not yet"), then prints the
 * health answer. Past the timeout it says what it saw last and exits 1, so a CI step fails clearly
 * instead of the first test failing on a refused connection. It needs no container engine's health
 * checks (podman without systemd runs none).
 */
export const wait: CtlCommand = {
  usage: ["wait [--timeout 30s]                     GET /_mock/health until it answers 200 (exit 1 past the timeout)"],
  flags: { timeout: { type: "string" } },
  run: async (ctx) => {
    const given = typeof ctx.flags.timeout === "string" ? ctx.flags.timeout : "30s";
    const limit = parseTimeout(given);
    if (limit === null) throw new UsageError(`wait --timeout ${given}: expected a duration such as 30s, 500ms or 2m`);
    const until = wallNow() + limit;
    let last = "";
    for (;;) {
      try {
        // A server that accepts and never answers must not outlast the timeout either.
        const health = await Promise.race([ctx.api.call("GET", "/health"), expiry(until - wallNow())]);
        ctx.out.write(JSON.stringify(health, null, 2) + "\n");
        return;
      } catch (e) {
        if (!(e instanceof ServerSaidNo)) throw e;
        // An attempt cut by the deadline says nothing new: what the double said before is kept.
        if (!(e.body === NO_ANSWER && last)) last = e.status ? `answered ${e.status}` : e.body;
      }
      const left = until - wallNow();
      if (left <= 0) break;
      await new Promise((r) => setTimeout(r, Math.min(EVERY_MS, left)));
      // No attempt at the deadline itself: it could only time out.
      if (until - wallNow() <= 0) break;
    }
    throw new Error(`${ctx.api.base} not ready after ${given} (last: ${last})`);
  },
};
