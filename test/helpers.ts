import { connect, createServer } from "node:net";
import { createDouble, type Double, type DoubleOptions } from "../src/index.js";
import { noteAnswer, noteSent, noteSentPath, watch } from "./leak-watch.js";

/** The fixed fixture credentials of `fixtures/default.yaml`. */
export const RESELLER = { id: "CLIENT-01JR00TRESE11ER0000000000R", key: "pk_live_01JR00TRESE11ERKEY00000000" };
export const MERCHANT = { id: "CLIENT-01JDEM0MERCHANT00000000000", key: "pk_live_01JDEM0MERCHANTKEY00000000" };

export interface Caller {
  id: string;
  key: string;
  actingAs?: string;
}

export interface Reply {
  status: number;
  body: any;
  text: string;
  headers: Headers;
}

/** A fresh double and a small HTTP client over `app.request()` (no ports). */
export function setup(options: DoubleOptions = {}) {
  const double: Double = createDouble(options);
  watch.doubles.push(double);
  async function call(method: string, path: string, opts: { as?: Caller | null; body?: unknown; raw?: string; headers?: Record<string, string> } = {}): Promise<Reply> {
    const headers: Record<string, string> = { ...opts.headers };
    const as: Caller | null = opts.as === undefined ? MERCHANT : opts.as;
    if (as) {
      headers["Api-Key"] = as.key;
      headers["Client-Id"] = as.id;
      if (as.actingAs) headers["X-Acting-As-Client-Id"] = as.actingAs;
    }
    let body: string | undefined = opts.raw;
    if (opts.body !== undefined) {
      body = JSON.stringify(opts.body);
      headers["Content-Type"] ??= "application/json";
    }
    noteSent(body);
    noteSentPath(path);
    const res = await double.app.request(path, { method, headers, body });
    const text = await res.text();
    noteAnswer(path, text, res.status);
    let parsed: unknown = undefined;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    return { status: res.status, body: parsed, text, headers: res.headers };
  }
  return {
    double,
    call,
    get: (path: string, opts: Parameters<typeof call>[2] = {}) => call("GET", path, opts),
    post: (path: string, body?: unknown, opts: Parameters<typeof call>[2] = {}) => call("POST", path, { ...opts, body }),
  };
}

/** Asserts the spec's error envelope and returns it. */
export function expectEnvelope(reply: Reply, status: number, code: string) {
  if (reply.status !== status || reply.body?.error_code !== code) {
    throw new Error(`expected ${status} ${code}, got ${reply.status} ${reply.text}`);
  }
  const keys = Object.keys(reply.body).sort();
  if (keys.join() !== ["correlation_id", "details", "error_code", "error_message", "source"].join()) {
    throw new Error(`not the envelope: ${reply.text}`);
  }
  return reply.body as { error_code: string; error_message: string; details: Record<string, string> | null; source: { system: string | null; code: string | null; message: string | null } | null };
}

/** A port nothing listens on (asked of the OS, then released). */
export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

/**
 * One request over a real socket to 127.0.0.1; the raw answer with node's `Date` value blanked. A
 * request given in parts is written a part at a time, `gapMs` apart (a body arriving after its head).
 */
export function rawAnswer(port: number, request: string | readonly string[], gapMs = 0): Promise<string> {
  const parts = typeof request === "string" ? [request] : request;
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    let text = "";
    socket.setEncoding("latin1");
    socket.on("error", reject);
    socket.on("data", (d) => {
      text += d;
      const end = text.indexOf("\r\n\r\n");
      const length = Number(/Content-Length: (\d+)/.exec(text)?.[1] ?? NaN);
      if (end >= 0 && text.length >= end + 4 + length) {
        socket.destroy();
        resolve(text.replace(/^Date: .*$/m, "Date: (now)"));
      }
    });
    const write = (i: number) => {
      if (i === parts.length) return;
      socket.write(parts[i]!);
      setTimeout(() => write(i + 1), gapMs);
    };
    write(0);
  });
}

/** An answer's status line and header names, in their order and case. */
export const headerLines = (answer: string) => answer.slice(0, answer.indexOf("\r\n\r\n")).split("\r\n").map((l) => l.replace(/: .*/, ""));
