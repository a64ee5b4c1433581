import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OPERATIONS } from "../src/gateway/operations.js";
import { startDouble, type RunningDouble } from "../src/index.js";
import { everyOperation, type Call } from "./openapi-flow.js";
import { MERCHANT } from "./helpers.js";
import { proofLine } from "./proof-lines.js";

/**
 * The document checked by a contract tool that was not written here: a Prism validation proxy
 * (`prism proxy --errors`, @stoplight/prism-cli) sits between the session of test/openapi-flow.ts
 * and a double listening on 127.0.0.1. Prism validates each request against the document before
 * forwarding it and each answer after; a violation either way turns the answer into Prism's own
 * 422/500 and names it in `sl-violations`. One proxy for the whole file, stopped at the end.
 */
let double: RunningDouble;
let proxy: Proxy;
let proxyUrl = "";

interface Proxy {
  url: string;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer().listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

/** `prism proxy <doc> <double> --errors` on a free 127.0.0.1 port, ready when it says it listens. */
async function startPrism(doc: unknown): Promise<Proxy> {
  const file = join(mkdtempSync(join(tmpdir(), "paydouble-prism-")), "openapi.json");
  writeFileSync(file, JSON.stringify(doc));
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ["node_modules/@stoplight/prism-cli/dist/index.js", "proxy", file, double.url, "--errors", "--host", "127.0.0.1", "--port", String(port)], {
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, NO_COLOR: "1" },
  });
  let output = "";
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`prism did not start in 60 s:\n${output}`)), 60_000);
    const read = (d: Buffer) => {
      output += d;
      if (/Prism is listening on/.test(output)) (clearTimeout(timer), resolve());
    };
    child.stdout!.on("data", read);
    child.stderr!.on("data", read);
    child.on("exit", (code) => (clearTimeout(timer), reject(new Error(`prism exited ${code}:\n${output}`))));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null) child.kill("SIGKILL");
    },
  };
}

beforeAll(async () => {
  double = await startDouble({ seed: "openapi-prism" });
  proxy = await startPrism(await (await fetch(`${double.url}/_mock/openapi.json`)).json());
  proxyUrl = proxy.url;
}, 90_000);

afterAll(async () => {
  await proxy?.stop();
  await double?.close();
});

describe("a Prism validation proxy in front of the double", () => {
  it("sees every operation, success and error paths, with zero request or response violations", async () => {
    const violations: string[] = [];
    const calls: Call[] = await everyOperation(
      async (call) => {
        const who = call.as ?? MERCHANT;
        const qs = call.query ? `?${new URLSearchParams(call.query)}` : "";
        const res = await fetch(proxyUrl + call.path + qs, {
          method: call.method,
          headers: { "Api-Key": who.key, "Client-Id": who.id, ...(call.body !== undefined ? { "content-type": "application/json" } : {}) },
          body: call.body === undefined ? undefined : JSON.stringify(call.body),
        });
        const text = await res.text();
        const found = res.headers.get("sl-violations");
        if (found) violations.push(`${call.op} (${call.outcome}): ${found}`);
        return { status: res.status, body: text ? JSON.parse(text) : undefined };
      },
      async (method, path, body) => {
        const res = await fetch(double.url + path, { method, headers: body ? { "content-type": "application/json" } : {}, body: body ? JSON.stringify(body) : undefined });
        return { status: res.status, body: await res.json() };
      },
    );
    expect(violations).toEqual([]);
    const outcomes = new Set(calls.map((c) => `${c.op} ${c.outcome}`));
    const ops = new Set(calls.map((c) => c.op));
    expect([...ops].sort()).toEqual(OPERATIONS.map((o) => o.id).sort());
    const errors = calls.filter((c) => c.expect >= 400);
    // The figure the issue asks to see in `npm test`.
    proofLine("prism", `Prism proxy: ${ops.size} operations x outcomes = ${outcomes.size} calls (${calls.length - errors.length} success, ${errors.length} error), 0 request or response violations`);
  }, 60_000);

  it("refuses, itself, a request the document forbids (the rules are in the document, not only in the double)", async () => {
    const res = await fetch(`${proxyUrl}/v1/transactions`, {
      method: "POST",
      headers: { "Api-Key": MERCHANT.key, "Client-Id": MERCHANT.id, "content-type": "application/json" },
      body: JSON.stringify({ type: "PAYOUT", amount: 1000, payment_method: { type: "Card", entry_method: "ECOMMERCE", pan: "4242424242424242", expiry: { month: "12", year: "2030" }, contact: { email: "ada+shop@example.com" } } }),
    });
    const body = await res.json();
    expect(res.status).toBe(422);
    expect(JSON.stringify(body)).toMatch(/payment_method|type/);
    expect(await double.requests.count({ operation: "createTransaction" })).toBeGreaterThan(0);
  });

  it("is live: against a document that demands a field the double never sends, Prism reports the answer", async () => {
    const doc = await (await fetch(`${double.url}/_mock/openapi.json`)).json();
    doc.components.schemas.Transaction.required.push("not_sent_by_the_double");
    const broken = await startPrism(doc);
    try {
      const res = await fetch(`${broken.url}/v1/transactions`, {
        method: "POST",
        headers: { "Api-Key": MERCHANT.key, "Client-Id": MERCHANT.id, "content-type": "application/json" },
        body: JSON.stringify({ type: "SALE", amount: 1000, payment_method: { type: "Card", entry_method: "ECOMMERCE", pan: "4242424242424242", expiry: { month: "12", year: "2030" } } }),
      });
      expect(res.status).toBe(500);
      expect(res.headers.get("sl-violations")).toContain("not_sent_by_the_double");
    } finally {
      await broken.stop();
    }
  }, 90_000);
});
