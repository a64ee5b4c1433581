import type { Context } from "hono";
import { stream } from "hono/streaming";
import type { AppEnv } from "./env.js";

/** Bytes gathered before a write; the stream then yields so other worlds keep answering. */
const BATCH_BYTES = 32 * 1024;

const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * An answer streamed from `pieces` (their concatenation is the body), written in batches with a turn
 * of the event loop between batches: memory stays constant whatever the answer's length (no string
 * of the whole body, so no V8 string limit), and a long answer never blocks the other worlds of the
 * process. Pieces are made as they are written: what changes in the world meanwhile shows in the
 * pieces not written yet.
 */
export function streamPieces(c: Context<AppEnv>, contentType: string, pieces: Iterable<string>): Response {
  c.header("content-type", contentType);
  return stream(c, async (out) => {
    let batch = "";
    for (const piece of pieces) {
      batch += piece;
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

/** `{"<key>":[...]}` streamed, each item serialized as it is written: the bytes of `c.json({ [key]: items.map(view) })`. */
export function streamJsonList<T>(c: Context<AppEnv>, key: string, items: readonly T[], view: (item: T) => unknown): Response {
  return streamPieces(c, "application/json", jsonListPieces(key, items, view));
}

function* jsonListPieces<T>(key: string, items: readonly T[], view: (item: T) => unknown): Generator<string> {
  yield `{${JSON.stringify(key)}:[`;
  for (let i = 0; i < items.length; i++) yield (i === 0 ? "" : ",") + JSON.stringify(view(items[i]!));
  yield "]}";
}
