import { pathHoldsSecret, seal, sealDeep, unseal, unsealDeep } from "../core/seal.js";
import type { ChangeEntry, Truncation } from "../gateway/changes.js";
import type { World, WorldOptions } from "../gateway/world.js";
import { VERSION } from "../version.js";
import { checkHeader, endSchema, entrySchema, problem } from "./check.js";

/**
 * The NDJSON replay log of `GET /_mock/journal/export`: a header line (format, seed, clock start,
 * tick and the world's options with its fixtures, secrets sealed), one line per world change, and an
 * end line with the number of request ids drawn, so a replayed world answers its next reads with
 * the same `x-request-id`s too.
 */
export interface LogHeader {
  paydouble_replay: 1;
  version: string;
  seed: string;
  clock_start: string;
  tick_ms: number;
  /** Every option the world was built from (fixtures embedded), secret fields sealed. */
  options: unknown;
}

export interface LogEntry extends Omit<ChangeEntry, "body"> {
  /** A JSON body, secrets sealed. */
  json?: unknown;
  /** A body that is not JSON (a YAML scenario...), sealed when it holds a digit run. */
  text?: string;
}

export interface LogEnd {
  kind: "end";
  rid: number;
  /** Present when the log reached a bound (`--replay-log-bytes`, `--replay-log-limit`): the changes after `at` were not kept. */
  truncated?: Truncation;
}

export type LogLine = LogHeader | LogEntry | LogEnd;

/** The log's lines in order, built one at a time (the export streams them). */
export function* exportLines(world: World): Generator<LogLine> {
  const origin = (world.changes.origin ?? world.options) as WorldOptions;
  const seed = origin.seed;
  const header: LogHeader = {
    paydouble_replay: 1,
    version: VERSION,
    seed,
    clock_start: new Date(origin.clockStart).toISOString(),
    tick_ms: origin.tickMs,
    options: sealDeep(origin, seed),
  };
  yield header;
  // The end line's count is taken first: requests answered while the export streams come after it.
  // A truncated log ends where it stopped keeping: its replay is the world as it was then.
  const truncated = world.changes.truncated ? { ...world.changes.truncated } : null;
  const rid = truncated ? truncated.rid : world.changes.requestIds;
  const length = world.changes.length;
  // Entries share header objects (one per caller): each set is sealed once per export.
  const sealedHeaders = new Map<object, Record<string, string>>();
  const sealHeaders = (h: Record<string, string>) => {
    let sealed = sealedHeaders.get(h);
    if (!sealed) sealedHeaders.set(h, (sealed = sealHeaderValues(h, seed)));
    return sealed;
  };
  let n = 0;
  for (const entry of world.changes.iterate()) {
    if (n++ >= length) break;
    yield logEntry(entry, seed, sealHeaders);
  }
  yield truncated ? { kind: "end", rid, truncated } : { kind: "end", rid };
}

/**
 * Every header value but the content type is sealed: credentials (`api-key`, `client-id`) and any
 * `x-` header, which may carry a key of the client's own (`X-Api-Key`, `X-Auth-Token`).
 */
function sealHeaderValues(h: Record<string, string>, seed: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [n, v] of Object.entries(h)) out[n] = n === "content-type" ? v : seal(v, seed);
  return out;
}

function logEntry({ kind, method, path: sent, body, headers, ...others }: ChangeEntry, seed: string, sealHeaders: (h: Record<string, string>) => Record<string, string>): LogEntry {
  const sealedHeaders = sealHeaders(headers);
  // A PAN in the path or query string is sealed like one in the body.
  const rest = { kind, method, path: pathHoldsSecret(sent) ? seal(sent, seed) : sent, ...others };
  if (body === null) return { ...rest, headers: sealedHeaders };
  try {
    return { ...rest, headers: sealedHeaders, json: sealDeep(JSON.parse(body), seed) };
  } catch {
    return { ...rest, headers: sealedHeaders, text: sealDeep(body, seed) as string };
  }
}

/**
 * Parses an exported log; throws with a one-line reason naming the line on a malformed file or a
 * line live input could not have made (src/replay/check.ts).
 */
export function parseLog(text: string): { header: LogHeader; options: WorldOptions; entries: ChangeEntry[]; end: LogEnd } {
  const lines = text.split("\n").filter((l) => l.trim() !== "");
  const parsed = lines.map((l, i) => {
    try {
      return JSON.parse(l) as LogLine;
    } catch {
      throw new Error(`line ${i + 1} is not JSON`);
    }
  });
  const header = parsed[0] as LogHeader | undefined;
  if (!header || header.paydouble_replay !== 1) throw new Error("not a paydouble replay log (no header line)");
  if (typeof header.seed !== "string") throw new Error("header (line 1): seed: must be a string");
  const seed = header.seed;
  const options = checkHeader(header, JSON.parse(JSON.stringify(unsealDeep(header.options, seed))));
  const entries: ChangeEntry[] = [];
  let end: LogEnd | null = null;
  for (const [i, line] of parsed.slice(1).entries()) {
    const where = `line ${i + 2}`;
    if (end) throw new Error(`${where}: comes after the end line`);
    const checked = (line as LogEnd | null)?.kind === "end" ? endSchema().safeParse(line) : entrySchema().safeParse(line);
    if (!checked.success) throw new Error(problem(where, checked.error));
    // No order is asked of rid: overlapping requests are logged in answer order, ids in arrival order.
    if ((line as LogEnd).kind === "end") {
      end = line as LogEnd;
      continue;
    }
    const { json, text: raw, headers, path, ...rest } = line as LogEntry;
    const body = json !== undefined ? JSON.stringify(unsealDeep(json, seed)) : raw !== undefined ? unseal(raw, seed) : null;
    entries.push({ ...rest, path: unseal(path, seed), headers: unsealDeep(headers, seed) as Record<string, string>, body });
  }
  if (!end) throw new Error("the log has no end line: it was cut short (an interrupted download or a truncated file); export it again");
  return { header, options, entries, end };
}

