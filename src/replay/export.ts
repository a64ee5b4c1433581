import type { Context } from "hono";
import { stream } from "hono/streaming";
import type { World } from "../gateway/world.js";
import type { AppEnv } from "../http/env.js";
import { exportLines } from "./log.js";

/** Bytes gathered before a write; the stream then yields so other worlds keep answering. */
const BATCH_BYTES = 32 * 1024;

const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * `GET /_mock/journal/export` as a chunked NDJSON stream: lines are built one at a time and written
 * in batches, with a turn of the event loop between batches. Memory stays constant whatever the log's
 * length (no string of the whole file, so no V8 string limit), and a long export never blocks the
 * other worlds of the process.
 */
export function streamExport(c: Context<AppEnv>, world: World): Response {
  c.header("content-type", "application/x-ndjson; charset=utf-8");
  return stream(c, async (out) => {
    let batch = "";
    for (const line of exportLines(world)) {
      batch += JSON.stringify(line) + "\n";
      if (batch.length >= BATCH_BYTES) {
        await out.write(batch);
        batch = "";
        if (out.aborted) return;
        await yieldToLoop();
      }
    }
    if (batch) await out.write(batch);
  });
}
