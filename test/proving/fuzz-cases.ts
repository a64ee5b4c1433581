import fc from "fast-check";
import { schemaOf } from "../../src/core/lazy.js";
import type { Operation } from "../../src/gateway/operation.js";
import type { Caller, Reply, setup } from "../helpers.js";
import { MERCHANT, RESELLER } from "../helpers.js";
import { applyEdit, applyTextEdit, badId, edit, mutantValue, textEdit } from "./mutations.js";
import { arbitraryFor } from "./schema-arb.js";
import { noteAnswer, noteSent, noteSentPath } from "../leak-watch.js";

/** One fuzz request, ready to send. */
export interface Case {
  method: string;
  path: string;
  headers: [string, string][];
  body?: string | Uint8Array<ArrayBuffer>;
  label: string;
}

type HeaderMode = "ok" | "no-key" | "no-client" | "no-auth" | "wrong-key" | "repeated-key" | "repeated-client" | "acting-garbage" | "acting-self" | "huge-header";
type TypeMode = "json" | "none" | "text/plain" | "form" | "json-utf16" | "jsonx" | "multipart";

const caller = fc.constantFrom<Caller>(MERCHANT, MERCHANT, MERCHANT, RESELLER, { ...RESELLER, actingAs: MERCHANT.id });
const headerMode = fc.oneof(
  { weight: 6, arbitrary: fc.constant<HeaderMode>("ok") },
  { weight: 4, arbitrary: fc.constantFrom<HeaderMode>("no-key", "no-client", "no-auth", "wrong-key", "repeated-key", "repeated-client", "acting-garbage", "acting-self", "huge-header") },
);
const typeMode = fc.oneof(
  { weight: 8, arbitrary: fc.constant<TypeMode>("json") },
  { weight: 2, arbitrary: fc.constantFrom<TypeMode>("none", "text/plain", "form", "json-utf16", "jsonx", "multipart") },
);
const method = (m: string) => fc.oneof({ weight: 19, arbitrary: fc.constant(m) }, { weight: 1, arbitrary: fc.constantFrom("PUT", "PATCH", "DELETE", "HEAD", "OPTIONS", m === "GET" ? "POST" : "GET") });

const CONTENT_TYPES: Record<TypeMode, string | null> = {
  json: "application/json",
  none: null,
  "text/plain": "text/plain",
  form: "application/x-www-form-urlencoded",
  "json-utf16": "application/json; charset=utf-16",
  jsonx: "application/jsonx",
  multipart: "multipart/form-data; boundary=x",
};

function headersFor(who: Caller, mode: HeaderMode, type: TypeMode, hasBody: boolean): [string, string][] {
  const h: [string, string][] = [];
  if (mode !== "no-key" && mode !== "no-auth") h.push(["Api-Key", mode === "wrong-key" ? `${who.key}x` : who.key]);
  if (mode !== "no-client" && mode !== "no-auth") h.push(["Client-Id", who.id]);
  if (mode === "repeated-key") h.push(["Api-Key", who.key]);
  if (mode === "repeated-client") h.push(["Client-Id", who.id]);
  if (who.actingAs) h.push(["X-Acting-As-Client-Id", who.actingAs]);
  if (mode === "acting-garbage") h.push(["X-Acting-As-Client-Id", "CLIENT-\u00e9garbage"]);
  if (mode === "acting-self") h.push(["X-Acting-As-Client-Id", who.id]);
  if (mode === "huge-header") h.push(["X-Filler", "y".repeat(16_000)]);
  const ct = CONTENT_TYPES[type];
  if (hasBody && ct) h.push(["Content-Type", ct]);
  return h;
}

/** Query values for a GET operation: generated from its schema, then maybe broken. */
const queryEdit = fc.oneof(
  { weight: 3, arbitrary: fc.constant(null) },
  { weight: 2, arbitrary: fc.record({ key: fc.option(fc.constantFrom("limit", "offset", "Take", "Skip", "__proto__", "constructor", "type"), { nil: undefined }), value: mutantValue.map((v) => (v !== null && typeof v === "object" ? JSON.stringify(v) : String(v))), repeat: fc.boolean() }) },
);

/** The arbitrary of fuzz cases for one operation: its path, headers, query and body, mutated. */
export function casesFor(op: Operation, realParam: (name: string) => string): fc.Arbitrary<Case> {
  // `client` names the demo merchant (a random CLIENT-<ulid> is only ever a 403).
  const body = op.body ? arbitraryFor(schemaOf(op.body), { client: fc.constant(MERCHANT.id) }) : fc.constant(undefined);
  const query = op.query ? arbitraryFor(schemaOf(op.query)) : fc.constant({});
  const bodyMode = fc.oneof(
    { weight: 3, arbitrary: fc.constant<{ kind: "valid" }>({ kind: "valid" }) },
    { weight: 5, arbitrary: edit.map((e) => ({ kind: "edit" as const, e })) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant("text" as const), t: textEdit, cut: fc.nat() }) },
  );
  const pathMode = fc.oneof({ weight: 8, arbitrary: fc.constant(null) }, { weight: 2, arbitrary: badId });
  return fc
    .record({ who: caller, hm: headerMode, tm: typeMode, m: method(op.method), body, bodyMode, query, qe: queryEdit, pm: pathMode })
    .map(({ who, hm, tm, m, body: valid, bodyMode: bm, query: q, qe, pm }) => {
      let path = op.path.replace(/:(\w+)/g, (_, p: string) => (pm === null ? encodeURIComponent(realParam(p)) : pm));
      const params = new URLSearchParams();
      for (const [k, v] of Object.entries(q as Record<string, unknown>)) params.append(k, String(v));
      if (qe) {
        const key = qe.key ?? "unknown_param";
        params.set(key, qe.value);
        if (qe.repeat) params.append(key, "1");
      }
      if ([...params].length > 0) path += `?${params}`;
      let raw: string | Uint8Array<ArrayBuffer> | undefined;
      let label = `${m} ${path.slice(0, 120)}`;
      const sendsBody = m !== "GET" && m !== "HEAD" && (op.body !== undefined || bm.kind !== "valid");
      if (sendsBody) {
        if (bm.kind === "valid") raw = JSON.stringify(valid ?? {});
        else if (bm.kind === "edit") raw = JSON.stringify(applyEdit(valid ?? {}, bm.e));
        else raw = applyTextEdit(JSON.stringify(valid ?? {}), bm.t, bm.cut);
        label += ` [${bm.kind === "text" ? bm.t : bm.kind}] ${typeof raw === "string" ? raw.slice(0, 200) : `<${raw.length} bytes>`}`;
      }
      label += ` {${hm}, ${tm}, as ${who.actingAs ? "reseller acting" : who === RESELLER ? "reseller" : "merchant"}}`;
      return { method: m, path, headers: headersFor(who, hm, tm, raw !== undefined), body: raw, label };
    });
}

/** Sends a case through the app (no port) and reads the reply like `setup().call` does. */
export async function send(t: ReturnType<typeof setup>, c: Case): Promise<Reply> {
  const headers = new Headers();
  for (const [k, v] of c.headers) headers.append(k, v);
  if (typeof c.body === "string") noteSent(c.body);
  noteSentPath(c.path);
  const res = await t.double.app.request(c.path, { method: c.method, headers, body: c.body });
  const text = await res.text();
  noteAnswer(c.path, text, res.status);
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  return { status: res.status, body, text, headers: res.headers };
}
