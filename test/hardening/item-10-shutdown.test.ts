import { spawn } from "node:child_process";
import { request as httpRequest } from "node:http";
import { beforeAll, describe, expect, it } from "vitest";
import { ensureBuilt } from "../built-cli.js";
import { RESELLER } from "../helpers.js";

/** Issue 11 item 10: SIGTERM/SIGINT end hung, slow-body and idle requests within a few seconds, exit 0. */

// The run's one build, shared with the other files that spawn the CLI (a build of its own raced theirs).
beforeAll(ensureBuilt, 300_000);

function start() {
  const child = spawn(process.execPath, ["dist/main.js", "--port", "0"], { stdio: ["ignore", "pipe", "pipe"] });
  const url = new Promise<string>((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (d) => {
      out += d;
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) resolve(m[1]);
    });
    child.on("exit", (code) => reject(new Error(`exited ${code}`)));
  });
  return { child, url };
}

/** Sends headers (and optionally a body); never waits for the answer. */
function open(url: string, path: string, body: string | null, headers: Record<string, string>) {
  const req = httpRequest(new URL(path, url), { method: "POST", headers: { ...headers, ...(body === null ? { "content-length": "100" } : {}) } });
  req.on("error", () => undefined);
  req.on("response", (res) => res.resume());
  if (body === null) req.flushHeaders();
  else req.end(body);
  return req;
}

describe("item 10: graceful shutdown", () => {
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    it(`${signal} ends a transport: hang request, a body that never comes and an idle keep-alive socket, then exits 0`, async () => {
      const { child, url: pending } = start();
      const url = await pending;
      const yaml = "version: 1\nname: stuck\nrules:\n  - when: { operation: createClient }\n    then: { transport: hang }\n";
      await fetch(url + "/_mock/scenarios", { method: "POST", headers: { "content-type": "application/yaml" }, body: yaml });
      const auth = { "Api-Key": RESELLER.key, "Client-Id": RESELLER.id, "content-type": "application/json" };
      open(url, "/v1/clients", JSON.stringify({ dba: "x", type: "merchant", admin_contact_details: { first_name: "a", last_name: "b", email: "a@b.co" } }), auth);
      open(url, "/v1/clients", null, auth);
      await new Promise((r) => setTimeout(r, 200));
      const t0 = performance.now();
      const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
      child.kill(signal);
      const code = await Promise.race([exited, new Promise<string>((r) => setTimeout(() => r("still running"), 8000))]);
      if (code === "still running") child.kill("SIGKILL");
      expect(code).toBe(0);
      expect(performance.now() - t0).toBeLessThan(6000);
    }, 20_000);
  }
});
