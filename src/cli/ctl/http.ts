import { createWriteStream } from "node:fs";
import { Readable, type Writable } from "node:stream";
import { pipeline } from "node:stream/promises";

/** A wrong command line: `paydouble ctl` exits 2 with the message and a pointer to `--help`. */
export class UsageError extends Error {}

/** The double answered with an error (exit 1): the request, the status and the envelope as sent. */
export class ServerSaidNo extends Error {
  constructor(
    readonly request: string,
    readonly status: number,
    readonly body: string,
  ) {
    super(`${request} answered ${status}`);
  }
}

/** Calls the `/_mock` control API of one world (`base` is a server root or a sandbox root). */
export class ControlClient {
  constructor(readonly base: string) {}

  /** Sends one request; the parsed JSON answer on 2xx, otherwise {@link ServerSaidNo}. */
  async call(method: string, path: string, body?: string | object, contentType = "application/json"): Promise<unknown> {
    const res = await this.send(method, path, body, contentType);
    const text = await res.text();
    return text ? JSON.parse(text) : null;
  }

  /** Streams the answer's body to `out` (or to a new file at `file`) without holding it whole. */
  async stream(path: string, out: Writable, file?: string): Promise<void> {
    const res = await this.send("GET", path);
    if (!res.body) return;
    await pipeline(Readable.fromWeb(res.body as import("node:stream/web").ReadableStream), file ? createWriteStream(file) : out, { end: file !== undefined });
  }

  private async send(method: string, path: string, body?: string | object, contentType = "application/json"): Promise<Response> {
    const url = `${this.base}/_mock${path}`;
    let res: Response;
    try {
      res = await fetch(url, {
        method,
        headers: body === undefined ? {} : { "content-type": contentType },
        body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
      });
    } catch (e) {
      const cause = (e as { cause?: { code?: string; message?: string } }).cause;
      throw new ServerSaidNo(`${method} ${url}`, 0, `cannot reach the double: ${cause?.code ?? cause?.message ?? (e as Error).message}`);
    }
    if (!res.ok) throw new ServerSaidNo(`${method} ${url}`, res.status, await res.text());
    return res;
  }
}
