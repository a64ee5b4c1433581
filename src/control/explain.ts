import type { Hono } from "hono";
import { z } from "zod";
import { OPERATION_IDS } from "../scenarios/schema.js";
import type { AppEnv } from "../http/env.js";
import { parseWith, readJsonBody } from "../http/validate.js";

const explainBody = z
  .object({
    operation: z.enum(OPERATION_IDS),
    client: z.string().min(1).optional(),
    body: z.unknown().optional(),
    query: z.record(z.string(), z.string()).optional(),
    headers: z.record(z.string(), z.string()).optional(),
    params: z.record(z.string(), z.string()).optional(),
  })
  .strict();

/**
 * `POST /_mock/scenarios/explain`: which rule would shape a request and why the closest others
 * would not, like WireMock's near-misses. Changes nothing: no hit counted, no budget spent, no
 * chance drawn.
 */
export function mountExplain(ctl: Hono<AppEnv>): void {
  ctl.post("/scenarios/explain", async (c) => {
    const req = parseWith(explainBody, await readJsonBody(c, false), "body");
    const headers = req.headers ?? {};
    const explanation = c.get("world").scenarios.explain(
      { operation: req.operation, clientId: req.client ?? null, body: req.body, query: req.query ?? {}, headers: () => headers, params: req.params },
      true,
    );
    return c.json(explanation);
  });
}
