import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { ensureBuilt } from "./built-cli.js";
import { freePort, headerLines, MERCHANT, rawAnswer } from "./helpers.js";

beforeAll(ensureBuilt, 300_000);

/**
 * Preloaded into the built CLI: after each answer it writes on stderr whether undici (behind node's
 * Headers, Request and Response), node:http2, node:perf_hooks (behind `performance`) and node:crypto
 * have been loaded by then. `--require` is no V8 flag, so the shipped code cache still runs.
 */
const HOOK = `
const http = require("node:http");
const emit = http.Server.prototype.emit;
const loaded = (end) => process.moduleLoadList.some((m) => m.endsWith(end));
http.Server.prototype.emit = function (event, req, res) {
  if (event === "request") res.once("finish", () => process.stderr.write("after " + req.method + " " + req.url + ": undici=" + loaded("/undici") + " http2=" + loaded(" http2") + " perf_hooks=" + loaded(" perf_hooks") + " crypto=" + loaded(" crypto") + "\\n"));
  return emit.apply(this, arguments);
};
`;

describe("the built CLI's start path (src/cli/deferred-web.ts, deferred-http2.ts)", () => {
  it("answers its first payment without loading undici, node:http2, node:perf_hooks or node:crypto, and loads undici for the first answer that needs it", async () => {
    const hook = join(mkdtempSync(join(tmpdir(), "start-hook-")), "hook.cjs");
    writeFileSync(hook, HOOK);
    const child = spawn(process.execPath, ["--require", hook, "dist/main.js", "--port", "0"], { env: { ...process.env, PAYDOUBLE_CODE_CACHE: "report" } });
    let out = "";
    let err = "";
    child.stderr.on("data", (d) => (err += d));
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on("data", (d) => {
        out += d;
        const m = /listening on (http:\/\/\S+)/.exec(out);
        if (m) resolve(m[1]);
      });
      child.on("exit", (code) => reject(new Error(`exited ${code} before listening: ${err}`)));
    });
    try {
      const card = { type: "Card", entry_method: "ECOMMERCE", pan: "4242424242424242", expiry: { month: "12", year: "2030" }, cvv: "123" };
      const sale = await fetch(`${url}/v1/transactions`, {
        method: "POST",
        headers: { "Api-Key": MERCHANT.key, "Client-Id": MERCHANT.id, "content-type": "application/json" },
        body: JSON.stringify({ type: "SALE", amount: 1000, payment_method: card }),
      });
      expect(sale.status).toBe(200);
      expect(sale.headers.get("content-type")).toBe("application/json");
      expect(await sale.json()).toMatchObject({ type: "SALE", result: "APPROVED", amount: 1000 });
      // The bundle's answer is written by the adapter's lightweight response, header lines as the library's (test/golden.test.ts).
      const body = JSON.stringify({ type: "SALE", amount: 1000, payment_method: card });
      const answer = await rawAnswer(Number(new URL(url).port), `POST /v1/transactions HTTP/1.1\r\nHost: 127.0.0.1\r\nApi-Key: ${MERCHANT.key}\r\nClient-Id: ${MERCHANT.id}\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n${body}`);
      expect(headerLines(answer)).toEqual(["HTTP/1.1 200 OK", "content-type", "x-paydouble-now", "x-request-id", "Content-Length", "Date", "Connection", "Keep-Alive"]);
      // The control API's answers keep their headers in a Headers (hono's c.header): undici loads then.
      const health = await fetch(`${url}/_mock/health`);
      expect(health.status).toBe(200);
      expect(health.headers.get("content-type")).toMatch(/^application\/json/);
      expect(health.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
      expect(await health.json()).toMatchObject({ status: "ok", seed: "paydouble" });
    } finally {
      child.kill("SIGTERM");
      await new Promise((r) => child.on("exit", r));
    }
    expect(err).toContain("code cache: accepted\n");
    expect(err).toContain("after POST /v1/transactions: undici=false http2=false perf_hooks=false crypto=false\n");
    // (undici loads node:http2 itself.)
    expect(err).toMatch(/after GET \/_mock\/health: undici=true /);
  });

  it("reads a YAML scenario and runs its `matches` pattern through the bundle's stand-ins for yaml and re2js (src/cli/deferred-yaml.ts, deferred-re2js.ts)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "start-yaml-"));
    const scenario = join(dir, "names.yaml");
    writeFileSync(scenario, 'version: 1\nname: names\nrules:\n  - when: { operation: createTransaction, body: { payment_method.first_name: { matches: "^Ad(a)$" } } }\n    then: { decline: { code: "51", description: Insufficient funds } }\n');
    const child = spawn(process.execPath, ["dist/main.js", "--port", "0", "--scenario", scenario]);
    let out = "";
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on("data", (d) => {
        out += d;
        const m = /listening on (http:\/\/\S+)/.exec(out);
        if (m) resolve(m[1]);
      });
      child.on("exit", (code) => reject(new Error(`exited ${code} before listening`)));
    });
    try {
      const sale = (first_name: string) =>
        fetch(`${url}/v1/transactions`, {
          method: "POST",
          headers: { "Api-Key": MERCHANT.key, "Client-Id": MERCHANT.id, "content-type": "application/json" },
          body: JSON.stringify({ type: "SALE", amount: 1000, payment_method: { type: "Card", entry_method: "ECOMMERCE", pan: "4242424242424242", expiry: { month: "12", year: "2030" }, cvv: "123", first_name } }),
        }).then((r) => r.json());
      expect(await sale("Ada")).toMatchObject({ result: "DECLINED", response_code: "51" });
      expect(await sale("Adam")).toMatchObject({ result: "APPROVED" });
    } finally {
      child.kill("SIGTERM");
      await new Promise((r) => child.on("exit", r));
    }
    // A YAML problem named by line and column (yaml's line counter), a bad pattern by RE2's parser.
    const bad = join(dir, "bad.yaml");
    writeFileSync(bad, 'version: 1\nname: bad\nrules:\n  - when: { body: { dba: { matches: "(" } } }\n    then: { fail: { error: SYSTEM_ERROR } }\n');
    const check = spawnSync(process.execPath, ["dist/main.js", "check", bad], { encoding: "utf8" });
    expect(check.status).toBe(2);
    expect(check.stderr).toMatch(new RegExp(`${bad}:4:\\d+: rules\\.0\\.when\\.body\\.dba\\.matches`));
  });

  it("opens its port before it builds the world, and answers a request sent the moment the port opens from the whole world", async () => {
    const port = await freePort();
    const child = spawn(process.execPath, ["dist/main.js", "--port", String(port)], { stdio: "ignore" });
    // Also when the test times out waiting for an answer that never comes.
    onTestFinished(() => void child.kill("SIGKILL"));
    const body = JSON.stringify({ type: "SALE", amount: 1000, payment_method: { type: "Card", entry_method: "ECOMMERCE", pan: "4242424242424242", expiry: { month: "12", year: "2030" }, cvv: "123" } });
    const request = `POST /v1/transactions HTTP/1.1\r\nHost: 127.0.0.1\r\nApi-Key: ${MERCHANT.key}\r\nClient-Id: ${MERCHANT.id}\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n${body}`;
    // Connect again every millisecond until the port takes the connection, and send at once.
    let answer: string | undefined;
    for (let i = 0; i < 20_000 && answer === undefined; i++) {
      answer = await rawAnswer(port, request).catch((e: NodeJS.ErrnoException) => {
        if (e.code !== "ECONNREFUSED") throw e;
        return new Promise<undefined>((resolve) => setTimeout(resolve, 1));
      });
    }
    expect(answer).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(JSON.parse(answer!.slice(answer!.indexOf("\r\n\r\n") + 4))).toMatchObject({ type: "SALE", result: "APPROVED", amount: 1000, client_id: MERCHANT.id });
  });
});
