import type { Hono } from "hono";
import type { AppEnv } from "../http/env.js";
import { buildOpenApi, type OpenApiDocument } from "../http/openapi.js";

/**
 * `GET /_mock/openapi.json` and `GET /_mock/docs`: the generated document and a self-contained page
 * rendered from it on the server (no script, no CDN: CI machines are often offline).
 */
export function mountDocs(ctl: Hono<AppEnv>): void {
  ctl.get("/openapi.json", (c) => c.json(buildOpenApi(worldRoot(c.req.url, c.get("sandboxId")))));
  ctl.get("/docs", (c) => c.html(renderDocs(buildOpenApi(worldRoot(c.req.url, c.get("sandboxId"))))));
}

/** The root the world's `/v1` is served under: the origin, plus `/sandboxes/{id}` for a sandbox. */
function worldRoot(url: string, sandboxId: string | null): string {
  const origin = new URL(url).origin;
  return sandboxId === null ? origin : `${origin}/sandboxes/${encodeURIComponent(sandboxId)}`;
}

const esc = (s: unknown) =>
  String(s).replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!);

const json = (v: unknown) => `<pre>${esc(JSON.stringify(v, null, 2))}</pre>`;

/** The page: a table of contents, then each operation with its parameters, body and responses. */
export function renderDocs(doc: OpenApiDocument): string {
  const ops: string[] = [];
  const toc: string[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, raw] of Object.entries(methods)) {
      const op = raw as { operationId: string; summary: string; parameters?: unknown[]; requestBody?: unknown; responses: Record<string, { description: string; content?: Record<string, { schema: unknown }> }> };
      toc.push(`<li><a href="#${esc(op.operationId)}"><code>${method.toUpperCase()} ${esc(path)}</code></a> ${esc(op.summary)}</li>`);
      const responses = Object.entries(op.responses)
        .map(([status, r]) => `<tr><td>${esc(status)}</td><td>${esc(r.description)}</td><td>${r.content ? json(r.content["application/json"].schema) : ""}</td></tr>`)
        .join("");
      ops.push(`<section id="${esc(op.operationId)}">
<h2><span class="m">${method.toUpperCase()}</span> <code>${esc(path)}</code></h2>
<p><b>${esc(op.operationId)}</b>: ${esc(op.summary)}</p>
<h3>Parameters</h3>${json(op.parameters ?? [])}
${op.requestBody ? `<h3>Request body</h3>${json(op.requestBody)}` : ""}
<h3>Responses</h3><table><tr><th>Status</th><th>Meaning</th><th>Schema</th></tr>${responses}</table>
</section>`);
    }
  }
  const schemas = Object.entries(doc.components.schemas)
    .map(([name, s]) => `<section id="schema-${esc(name)}"><h3>${esc(name)}</h3>${json(s)}</section>`)
    .join("\n");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${esc(doc.info.title)}</title>
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:70rem;margin:2rem auto;padding:0 1rem}pre{background:#f5f5f5;padding:.5rem;overflow:auto;font-size:12px}
table{border-collapse:collapse;width:100%}td,th{border:1px solid #ddd;padding:.3rem;vertical-align:top;text-align:left}.m{background:#234;color:#fff;padding:0 .4rem;border-radius:3px}</style>
</head><body>
<h1>${esc(doc.info.title)} <small>${esc(doc.info.version)}</small></h1>
<p>${esc(doc.info.description)}</p>
<p>Server: <code>${esc(doc.servers[0]?.url)}</code>. Every call sends <code>Api-Key</code> and <code>Client-Id</code>; every answer carries <code>x-request-id</code>. The machine-readable document is <a href="openapi.json">openapi.json</a>.</p>
<h2>Operations</h2><ul>${toc.join("")}</ul>
${ops.join("\n")}
<h2>Schemas</h2>
${schemas}
</body></html>`;
}
