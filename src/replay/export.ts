import type { Context } from "hono";
import type { World } from "../gateway/world.js";
import type { AppEnv } from "../http/env.js";
import { streamPieces } from "../http/stream.js";
import { exportLines } from "./log.js";

/**
 * `GET /_mock/journal/export` as a chunked NDJSON stream: lines are built one at a time and written
 * in batches, with a turn of the event loop between batches (http/stream.ts). Memory stays constant
 * whatever the log's length, and a long export never blocks the other worlds of the process.
 */
export function streamExport(c: Context<AppEnv>, world: World): Response {
  return streamPieces(c, "application/x-ndjson; charset=utf-8", ndjson(world));
}

function* ndjson(world: World): Generator<string> {
  for (const line of exportLines(world)) yield JSON.stringify(line) + "\n";
}
