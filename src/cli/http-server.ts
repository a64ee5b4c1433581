import { getRequestListener, RequestError } from "@hono/node-server";
import { createServer, STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import { GatewayError } from "../core/errors.js";
import { batchWrites } from "./batched-writes.js";
import { NO_WORLD_REQUEST_ID, toEnvelope } from "../http/errors.js";

export type Fetch = (request: Request, env?: unknown) => Response | Promise<Response>;

/**
 * The HTTP server of the CLI and of `startDouble`: @hono/node-server's request listener, with every
 * request node or the adapter refuses before the app (malformed HTTP, HTTP/1.1 without Host, a
 * request target that is no path such as `OPTIONS *`) answered with the gateway's error envelope
 * instead of node's bare `400 Bad Request`, as docs/reference/limits.md promises for every refusal.
 *
 * No world saw such a request: its `x-request-id` and `correlation_id` are the nil UUID (as the
 * Host refusal of http/app.ts), so it draws nothing from a world's seeded id stream and a later
 * request's id is the same with or without it.
 *
 * Its sockets write once per turn of the event loop (batched-writes.ts): under concurrent load the
 * answers of a turn wake their clients once, not once each.
 */
export function createHttpServer(fetch: Fetch, hostname: string): Server {
  const listener = getRequestListener(fetch, {
    hostname,
    // Only when the adapter failed before the app answered: its RequestError (the URL could not be
    // built from the request line and Host) is the client's fault, anything else ours.
    errorHandler: (e) => (e instanceof RequestError ? envelopeResponse(400, adapterProblem(e.message)) : envelopeResponse(500, e)),
  });
  // Node's own Host check answers an empty 400 outside every handler: checked here instead.
  const server = createServer({ requireHostHeader: false }, (req: IncomingMessage, res: ServerResponse) => {
    if (req.httpVersion === "1.1" && !hasHost(req.rawHeaders)) return void refuse(res, 400, problem("host", "is required in an HTTP/1.1 request"));
    return listener(req, res);
  });
  server.on("clientError", (e: NodeJS.ErrnoException, socket: Duplex) => answerClientError(e, socket));
  server.on("connection", batchWrites);
  return server;
}

/** Whether the raw header list names a Host: `req.headers` would build node's header object for every request, which the adapter's path never does. */
function hasHost(raw: readonly string[]): boolean {
  for (let i = 0; i < raw.length; i += 2) if (raw[i]!.length === 4 && raw[i]!.toLowerCase() === "host") return true;
  return false;
}

/** What node's `clientError` default answers each parser error with (status), as an envelope. */
function answerClientError(e: NodeJS.ErrnoException, socket: Duplex): void {
  const inFlight = (socket as { _httpMessage?: ServerResponse })._httpMessage;
  // As node's default: a peer gone, or an answer already begun on this connection, gets nothing more.
  if (e.code === "ECONNRESET" || !socket.writable || inFlight?.headersSent) return void socket.destroy();
  const status = e.code === "HPE_HEADER_OVERFLOW" ? 431 : e.code === "HPE_CHUNK_EXTENSIONS_OVERFLOW" ? 413 : e.code === "ERR_HTTP_REQUEST_TIMEOUT" ? 408 : 400;
  const { body, length } = envelopeText(parserProblem(e.code));
  const head = `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\ncontent-type: application/json\r\ncontent-length: ${length}\r\nx-request-id: ${NO_WORLD_REQUEST_ID}\r\nconnection: close\r\n\r\n`;
  socket.end(head + body, () => socket.destroy());
}

/** The field at fault and why, by llhttp's error code; an unlisted code still names itself. */
const PARSER_PROBLEMS: Record<string, [field: string, problem: string]> = {
  HPE_HEADER_OVERFLOW: ["headers", "are larger than the server accepts"],
  HPE_INVALID_HEADER_TOKEN: ["headers", "hold a character HTTP does not allow in a header"],
  // llhttp names both faults with one code (its `reason` text tells them apart, but is not ours to echo).
  HPE_INVALID_TRANSFER_ENCODING: ["headers", "give a Transfer-Encoding other than chunked last, or one with Content-Length"],
  HPE_UNEXPECTED_CONTENT_LENGTH: ["headers", "give both Content-Length and Transfer-Encoding"],
  HPE_INVALID_CONTENT_LENGTH: ["headers", "give a Content-Length that is not one number"],
  HPE_INVALID_CHUNK_SIZE: ["body", "has a chunk size that is not hexadecimal"],
  HPE_CHUNK_EXTENSIONS_OVERFLOW: ["body", "has chunk extensions larger than the server accepts"],
  HPE_INVALID_METHOD: ["method", "is not an HTTP method"],
  HPE_INVALID_URL: ["path", "is not a valid request target"],
  HPE_INVALID_VERSION: ["request", "is not HTTP/1.0 or HTTP/1.1"],
  ERR_HTTP_REQUEST_TIMEOUT: ["request", "did not arrive whole in time"],
};

function parserProblem(code: string | undefined): GatewayError {
  const [field, text] = PARSER_PROBLEMS[code ?? ""] ?? ["request", `is not valid HTTP/1.1 (${code ?? "unreadable"})`];
  return problem(field, text);
}

/** The adapter's RequestError messages, as the part of the request at fault. */
function adapterProblem(message: string): GatewayError {
  if (/host/i.test(message)) return problem("host", "is not a valid host name");
  if (/backslash/i.test(message)) return problem("path", "has a backslash");
  return problem("path", "is not a path (a request target starts with /)");
}

const problem = (field: string, text: string) => new GatewayError("INVALID_REQUEST_DATA", { details: { [field]: text } });

/** The envelope's bytes: INVALID_REQUEST_DATA whatever the status line says (431, 413 and 408 keep node's). */
function envelopeText(err: unknown): { body: string; length: number } {
  const body = JSON.stringify(toEnvelope(err, NO_WORLD_REQUEST_ID).body);
  return { body, length: Buffer.byteLength(body) };
}

function envelopeResponse(status: number, err: unknown): Response {
  const { body, length } = envelopeText(err);
  return new Response(body, { status, headers: { "content-type": "application/json", "content-length": String(length), "x-request-id": NO_WORLD_REQUEST_ID, connection: "close" } });
}

function refuse(res: ServerResponse, status: number, err: unknown): void {
  const { body, length } = envelopeText(err);
  res.writeHead(status, { "content-type": "application/json", "content-length": length, "x-request-id": NO_WORLD_REQUEST_ID, connection: "close" });
  res.end(body);
}
