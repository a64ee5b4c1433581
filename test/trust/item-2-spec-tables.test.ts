import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { buildOpenApi } from "../../src/http/openapi.js";

/**
 * Issue 21 item 2: the served document against the spec's own field tables, read from the spec at
 * test time (`../shared/spec/gateway-spec.md` beside the repository, as CI checks it out), so the
 * next drift between the two is caught: each row's type, nullability, format (`date-time`,
 * `int32`, 64-bit), numeric range and length limit, and the query parameters the spec types.
 */

const SPEC = fileURLToPath(new URL("../../../shared/spec/gateway-spec.md", import.meta.url));
if (!existsSync(SPEC)) {
  throw new Error(`The gateway spec is missing: ${SPEC}. It is read from ../shared/spec/gateway-spec.md beside the repository (CI checks shared/ out there).`);
}
const spec = readFileSync(SPEC, "utf8");
const doc = buildOpenApi();
type Schema = Record<string, any>;
const components = doc.components.schemas as Record<string, Schema>;

/** The markdown table that follows `heading` (and, if given, the line starting with `after`). */
function table(heading: string, after?: string): Record<string, string>[] {
  const at = spec.indexOf(`\n${heading}\n`);
  if (at < 0) throw new Error(`the spec has no heading ${heading}`);
  let rest = spec.slice(at + heading.length + 2);
  if (after) rest = rest.slice(rest.indexOf(after));
  const lines = rest.split("\n");
  const start = lines.findIndex((l) => l.startsWith("|"));
  const rows = lines.slice(start).filter((_, i, all) => all.slice(0, i + 1).every((l) => l.startsWith("|")));
  const cells = (l: string) => l.split("|").slice(1, -1).map((c) => c.trim());
  const head = cells(rows[0]!);
  return rows.slice(2).map((r) => Object.fromEntries(cells(r).map((c, i) => [head[i]!, c])));
}

/** `` `a`, `b` `` -> [a, b]: a row may name several fields. */
const fieldsOf = (cell: string) => [...cell.matchAll(/`([a-z_0-9]+)`/g)].map((m) => m[1]!);

/** A property schema with `$ref`s resolved and `anyOf [X, null]` folded into its types. */
function resolve(s: Schema | undefined): { types: Set<string>; schema: Schema } {
  if (!s) return { types: new Set(), schema: {} };
  if (s.$ref) return resolve(components[s.$ref.split("/").pop()]);
  const branches: Schema[] = s.anyOf ?? s.oneOf ?? [s];
  const types = new Set<string>();
  let schema: Schema = s;
  for (const b of branches) {
    const r = b.$ref ? resolve(b) : { types: new Set<string>([b.type].flat().filter(Boolean)), schema: b };
    if (b.anyOf || b.oneOf) r.types.add("object");
    r.types.forEach((t) => types.add(t));
    if (!r.types.has("null")) schema = r.schema;
  }
  return { types, schema };
}

interface Expected {
  type: string | null;
  nullable: boolean;
  format?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
}

/** What one row says: the Type cell, then ranges and lengths in its notes. */
function expected(type: string, notes: string): Expected {
  const t = type.toLowerCase();
  const base = /^integer/.test(t) ? "integer" : /^boolean/.test(t) ? "boolean" : /^array/.test(t) ? "array" : /^object/.test(t) ? "object" : /^string/.test(t) ? "string" : null;
  const e: Expected = { type: base, nullable: /or null/.test(t) };
  if (/date-time/.test(t)) e.format = "date-time";
  if (/int32/.test(t)) e.format = "int32";
  if (/64-bit/.test(t)) e.format = "int64";
  const range = /^(\d+) to (\d+)(?: cents)?\b/.exec(notes);
  if (range && base === "integer") [e.minimum, e.maximum] = [Number(range[1]), Number(range[2])];
  const chars = /^(\d+) to (\d+) characters/.exec(notes);
  if (chars) [e.minLength, e.maxLength] = [Number(chars[1]), Number(chars[2])];
  const max = /^(?:max|maximum) (\d+)/i.exec(notes);
  if (max && base === "string") e.maxLength = Number(max[1]);
  return e;
}

/** Compares one field of one schema with what the spec says; returns the differences. */
function compare(where: string, property: Schema | undefined, e: Expected, checks: { types: boolean; limits: boolean }): string[] {
  if (!property) return [`${where}: not in the document`];
  const { types, schema } = resolve(property);
  const out: string[] = [];
  const say = (what: string, want: unknown, got: unknown) => want !== got && out.push(`${where}: ${what} ${JSON.stringify(got)}, the spec says ${JSON.stringify(want)}`);
  if (checks.types) {
    if (e.type !== null && !types.has(e.type)) out.push(`${where}: type ${[...types].join("|")}, the spec says ${e.type}`);
    say("nullable", e.nullable, types.has("null"));
    if (e.format) say("format", e.format, schema.format);
  }
  if (checks.limits) {
    if (e.minimum !== undefined) say("minimum", e.minimum, schema.minimum);
    if (e.maximum !== undefined) say("maximum", e.maximum, schema.maximum);
    if (e.minLength !== undefined) say("minLength", e.minLength, schema.minLength);
    if (e.maxLength !== undefined) say("maxLength", e.maxLength, schema.maxLength);
  }
  return out;
}

interface Target {
  /** The response schema its types are checked against. */
  response?: Schema;
  /** The request schema its limits (and, without a response, types) are checked against. */
  request?: Schema;
}

/** Every row of a table against its schemas; rows with nothing to compare are skipped. */
function audit(rows: Record<string, string>[], target: Target, typeColumn = "Type", notesColumns = ["Notes", "Rules", "Constraint"]): string[] {
  const out: string[] = [];
  for (const row of rows) {
    const notes = notesColumns.map((c) => row[c]).find((c) => c !== undefined) ?? "";
    const e = expected(row[typeColumn] ?? "", notes);
    for (const field of fieldsOf(row.Field ?? "")) {
      if (target.response) out.push(...compare(`response ${field}`, target.response.properties?.[field], e, { types: true, limits: false }));
      const inRequest = target.request?.properties?.[field];
      if (target.request && (inRequest || !target.response)) {
        // A request field the caller may omit or null ("optional") is compared on its limits only when the table is a response one.
        out.push(...compare(`request ${field}`, inRequest, e, { types: !target.response, limits: true }));
      }
    }
  }
  return out;
}

describe("item 2: the served document states the spec's field tables", () => {
  test("Transaction: every field's type, nullability, format and range", () => {
    const rows = table("### Transaction");
    expect(rows.length).toBeGreaterThan(20);
    expect(audit(rows, { response: components.Transaction, request: components.CreateTransactionRequest })).toEqual([]);
  });

  test("the create-transaction body (Endpoints detail 6)", () => {
    const rows = table("### Specified operations", "6. Create transaction body");
    expect(rows.map((r) => r.Field)).toContain("`amount`");
    // The body's `recurring_details` is "object" and optional; the document accepts null too.
    const problems = audit(rows, { request: components.CreateTransactionRequest }).filter((p) => !/^request (recurring_details|metadata|initiator): nullable/.test(p));
    expect(problems).toEqual([]);
  });

  test("Client and its admin_contact_details", () => {
    const client = table("### Client");
    // `api_key` and `encryption_keys` are "returned only by create": the create answer is the Client plus those two.
    expect(audit(client, { response: components.CreatedClient, request: components.CreateClientRequest })).toEqual([]);
    const admin = table("### Client", "`admin_contact_details`:");
    const createAdmin = resolve(components.CreateClientRequest!.properties.admin_contact_details).schema;
    const problems = audit(admin, { request: createAdmin });
    // `phone` and `time_zone` are stated "conflicting"/"yes in summary"; the decisions table records the nullable choice.
    expect(problems.filter((p) => !/^request (phone|time_zone): nullable/.test(p))).toEqual([]);
  });

  test("card-processor integration details: widths, types and 64-bit numbers", () => {
    const rows = table("### Integration (processor configuration)");
    expect(rows.length).toBeGreaterThan(30);
    // decisions.md: an optional `fax_number` also takes null, like the other optional details.
    expect(audit(rows, { request: components.CardprocIntegrationDetails }).filter((p) => p !== "request fax_number: nullable true, the spec says false")).toEqual([]);
  });

  test("Limits: amount, tip, metadata, purchase_description, website on create, client dba", () => {
    const limits = Object.fromEntries(table("## Limits").map((r) => [r.Subject, r.Limit]));
    const body = components.CreateTransactionRequest!.properties;
    const range = (text: string) => /(\d+) to (\d+)/.exec(text)!.slice(1).map(Number);
    expect([body.amount.minimum, body.amount.maximum]).toEqual(range(limits["`amount`"]!));
    expect([body.tip.minimum, body.tip.maximum]).toEqual(range(limits["`tip`"]!));
    expect(body.purchase_description.maxLength).toBe(Number(/max (\d+)/.exec(limits["`purchase_description`"]!)![1]));
    expect(components.CreateClientRequest!.properties.website.anyOf[0].maxLength).toBe(Number(/max (\d+)/.exec(limits["`website` on `POST /v1/clients`"]!)![1]));
    const [keys, keyMax, valueMax] = [.../(\d+) keys.*max (\d+).*max (\d+)/.exec(limits["`metadata`"]!)!.slice(1).map(Number)];
    const metadata = components.Metadata!.anyOf[0];
    expect([metadata.maxProperties, metadata.propertyNames.maxLength, metadata.additionalProperties.maxLength]).toEqual([keys, keyMax, valueMax]);
  });

  test("paging parameters: the names of the Limits table, Take and Skip sent as strings, every skip bounded", () => {
    const paging = table("## Limits", "| Endpoint | Page size |");
    const params = (path: string) => Object.fromEntries((doc.paths[path]!.get as Schema).parameters.filter((p: Schema) => p.name).map((p: Schema) => [p.name, p.schema]));
    for (const row of paging) {
      const path = /`GET ([^`]+)`/.exec(row.Endpoint!)![1]!;
      const p = params(path);
      for (const name of [row["Page size"], row.Skip, row.Sort].map((c) => c!.replaceAll("`", ""))) expect(p, `${path} ${name}`).toHaveProperty(name);
    }
    // Endpoints detail 2: "Take and Skip are sent as strings".
    expect(spec).toMatch(/`Take` and `Skip` are sent as strings/);
    const clients = params("/v1/clients");
    expect(clients.Take).toMatchObject({ type: "string" });
    expect(clients.Skip).toMatchObject({ type: "string" });
    for (const good of ["1", "100", "007"]) expect(new RegExp(clients.Take.pattern).test(good), good).toBe(true);
    for (const bad of ["0", "101", "-1", "1.5", "x", "0000000100"]) expect(new RegExp(clients.Take.pattern).test(bad), bad).toBe(false);
    expect(new RegExp(clients.Skip.pattern).test("999999999")).toBe(true);
    expect(new RegExp(clients.Skip.pattern).test("1000000000")).toBe(false);
    // Every other offset/skip states the upper bound the double enforces.
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const p of ((ops.get as Schema | undefined)?.parameters ?? []) as Schema[]) {
        if (p.name === "offset" || p.name === "skip") expect(p.schema, `${path} ${p.name}`).toMatchObject({ type: "integer", minimum: 0, maximum: 999999999 });
      }
    }
  });

  test("every response timestamp is stated as date-time", () => {
    const stamps: string[] = [];
    for (const [name, s] of Object.entries(components)) {
      for (const [field, p] of Object.entries((s.properties ?? {}) as Record<string, Schema>)) {
        if (/^(time_created|returned_at|created_at|closed_at_date_time|settled_at_date_time|expires_at)$/.test(field) && !/Request$/.test(name)) {
          if (resolve(p).schema.format !== "date-time") stamps.push(`${name}.${field}`);
        }
      }
    }
    expect(stamps).toEqual([]);
  });
});
