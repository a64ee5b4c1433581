import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { OPERATIONS } from "../src/gateway/operations.js";
import { openApiPath } from "../src/http/openapi.js";
import { setup } from "./helpers.js";

async function served(path = "/_mock/openapi.json") {
  const { get } = setup();
  return get(path);
}

/** Every `$ref` in a value. */
function refs(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((v) => refs(v, out));
  else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) k === "$ref" && typeof v === "string" ? out.push(v) : refs(v, out);
  }
  return out;
}

describe("GET /_mock/openapi.json", () => {
  it("lists every operation of OPERATIONS with its id, statuses, headers and the error envelope", async () => {
    const doc = (await served()).body;
    expect(doc.openapi).toBe("3.1.0");
    for (const op of OPERATIONS) {
      const { path, params } = openApiPath(op.path);
      const o = doc.paths[path]?.[op.method.toLowerCase()];
      expect(o?.operationId, `${op.method} ${op.path}`).toBe(op.id);
      expect(Object.keys(o.responses).sort()).toEqual(["200", ...op.errors.map(String)].sort());
      for (const [status, r] of Object.entries<any>(o.responses)) {
        expect(r.headers["x-request-id"]).toEqual({ $ref: "#/components/headers/RequestId" });
        if (status !== "200") expect(r.content["application/json"].schema).toEqual({ $ref: "#/components/schemas/Error" });
      }
      for (const p of params) expect(o.parameters).toContainEqual(expect.objectContaining({ name: p, in: "path", required: true }));
      expect(o.parameters).toContainEqual({ $ref: "#/components/parameters/ActingAs" });
      expect(Boolean(o.requestBody)).toBe(Boolean(op.body));
    }
    expect(doc.security).toEqual([{ ApiKey: [], ClientId: [] }]);
    expect(doc.components.securitySchemes.ApiKey).toMatchObject({ in: "header", name: "Api-Key" });
    expect(doc.components.securitySchemes.ClientId).toMatchObject({ in: "header", name: "Client-Id" });
  });

  it("resolves every $ref to a component", async () => {
    const doc = (await served()).body;
    for (const ref of refs(doc)) {
      const [, , group, name] = ref.split("/");
      expect(doc.components[group]?.[name], ref).toBeDefined();
    }
  });

  it("builds the Error component from the envelope schema and the query parameters from the query schema", async () => {
    const doc = (await served()).body;
    expect(doc.components.schemas.Error.required.sort()).toEqual(["correlation_id", "details", "error_code", "error_message", "source"]);
    expect(doc.components.schemas.Error.additionalProperties).toBe(false);
    const list = doc.paths["/v1/clients"].get;
    expect(list.parameters).toContainEqual(expect.objectContaining({ name: "Take", in: "query", required: false }));
    // Requests are described as sent (strict), before transforms: Take is a digit string.
    expect(list.parameters.find((p: any) => p.name === "Take").schema).toMatchObject({ type: "string" });
  });

  it("describes metadata with its real rules, not as an opaque custom type", async () => {
    const { toJSONSchema } = await import("zod");
    const { metadataSchema } = await import("../src/gateway/metadata.js");
    const json: any = toJSONSchema(metadataSchema, { io: "input", unrepresentable: "any" });
    const meta = json.$defs?.Metadata ?? json;
    const object = meta.anyOf.find((s: any) => s.type === "object");
    expect(object).toMatchObject({ maxProperties: 50, propertyNames: { pattern: "^[a-zA-Z0-9_-]+$", maxLength: 40 }, additionalProperties: { type: "string", maxLength: 500 } });
    expect(meta.anyOf).toContainEqual({ type: "null" });
  });

  it("points servers at the world it was read from (a sandbox has its own root)", async () => {
    const doc = (await served()).body;
    expect(doc.servers[0].url).toBe("http://localhost");
    const { double, get } = setup();
    double.host.addSandbox("sb-1", double.host.options);
    expect((await get("/sandboxes/sb-1/_mock/openapi.json")).body.servers[0].url).toBe("http://localhost/sandboxes/sb-1");
  });

  it("lints clean with @redocly/cli (recommended rules, no warnings)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "paydouble-openapi-"));
    const file = join(dir, "openapi.json");
    writeFileSync(file, (await served()).text);
    const run = spawnSync(process.execPath, ["node_modules/@redocly/cli/bin/cli.js", "lint", "--config", "redocly.yaml", file], {
      encoding: "utf8",
      env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true", NO_COLOR: "1" },
    });
    const out = run.stdout + run.stderr;
    expect(run.status, out).toBe(0);
    expect(out).toContain("Your API description is valid");
    expect(out).not.toMatch(/You have \d+ warning/i);
  });
});

describe("GET /_mock/docs", () => {
  it("is a self-contained HTML page naming every operation", async () => {
    const page = await served("/_mock/docs");
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/text\/html/);
    for (const op of OPERATIONS) expect(page.text).toContain(`id="${op.id}"`);
    expect(page.text).not.toMatch(/<script|<link|https?:\/\/(?!localhost)[a-z]/i);
  });
});
