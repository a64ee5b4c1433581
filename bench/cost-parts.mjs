// node bench/cost-parts.mjs: where the JavaScript of a card SALE goes, by part of the request path.
// The built double (bench/cost-server.mjs) answers WARMUP card SALEs on one keep-alive connection,
// then a CPU profile (100 µs sampling) covers COUNT more; each sample's own function is put in a part
// by its file. Shares of samples, not time: with bench/cost.mjs's instruction count per request they
// estimate each part's instructions on a busy machine. SHOW=<part's first words> also lists that
// part's functions by share of samples; SHOW='*' lists the top functions of every part.
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { profiledRun } from "./cost.mjs";

const WARMUP = Number(process.env.WARMUP ?? 6000);
const COUNT = Number(process.env.COUNT ?? 30000);

/** Parts of the request path by the file a sampled function lives in (first match wins). */
const PARTS = [
  ["garbage collection", (f, u) => f === "(garbage collector)"],
  ["kernel: socket writes (writev)", (f, u) => u === "" && f === "writev"],
  // Code made with `new Function` has no file and lines of its own: the fast parse, the answer
  // writers (src/core/fast-parse.ts, src/core/json-text.ts) and zod's generated object parsers.
  ["generated code: validation and answer writers", (f, u, line) => u === "" && f === "" && line >= 0],
  ["headers through undici Headers", (f, u) => u.includes("undici")],
  ["JSON.stringify / JSON.parse (native)", (f, u) => u === "" && /^(stringify|parse)$/.test(f)],
  ["node http, net and streams (llhttp, sockets)", (f, u) => /^node:|^internal|^_http|^net$/.test(u) || (u === "" && f !== "(program)" && f !== "(idle)")],
  ["adapter: @hono/node-server (Request, Headers, response write)", (f, u) => u.includes("@hono/node-server") || u.includes("undici")],
  ["hono: routing, context, middleware", (f, u) => u.includes("/hono/")],
  ["validation: zod safeParse and the fast parse", (f, u) => u.includes("/zod/") || u.includes("/http/validate") || u.includes("/core/fast-parse")],
  ["body read and JSON.parse", (f, u) => u.includes("/http/body")],
  ["auth", (f, u) => u.includes("/gateway/auth") || u.includes("/gateway/tenancy")],
  ["ids (request uuid, ulids, seeded streams)", (f, u) => /ulid|seedrandom|\/core\/ids|\/core\/random/.test(u)],
  ["clock (ISO text)", (f, u) => u.includes("/core/clock") || u.includes("/core/calendar")],
  ["journal and masking", (f, u) => /\/gateway\/journal|\/core\/mask/.test(u)],
  ["replay log", (f, u) => /\/replay\/|\/gateway\/changes|\/http\/changes|\/core\/seal/.test(u)],
  ["scenario match", (f, u) => u.includes("/scenarios/")],
  ["response serialisation (JSON text, headers)", (f, u) => /\/http\/answer|\/http\/outcomes|\/http\/errors|\/core\/json-text/.test(u)],
  ["world logic (transaction, token, batch, card)", (f, u) => u.includes("/gateway/")],
  ["request glue (app.ts, register.ts)", (f, u) => u.includes("/http/")],
  ["other JavaScript of the double", (f, u) => u.includes("/dist/")],
  ["(program): V8 and node native work outside JS", (f) => f === "(program)"],
];

const dir = mkdtempSync(join(tmpdir(), "cost-parts-"));
const PROFILE = join(dir, "sale.cpuprofile");
process.env.PROFILE = PROFILE;
await profiledRun("double", WARMUP, COUNT);
const profile = JSON.parse(readFileSync(PROFILE, "utf8"));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const counts = new Map();
const fns = new Map();
let total = 0;
for (const id of profile.samples) {
  const { functionName: f, url: u, lineNumber: line } = byId.get(id).callFrame;
  if (f === "(idle)") continue;
  const part = PARTS.find(([, test]) => test(f, u, line))?.[0] ?? "other";
  counts.set(part, (counts.get(part) ?? 0) + 1);
  if (process.env.SHOW && (process.env.SHOW === "*" || part.startsWith(process.env.SHOW))) fns.set(`${f} ${u}`, (fns.get(`${f} ${u}`) ?? 0) + 1);
  total++;
}
console.log(`card SALE, CPU profile of ${COUNT} requests after ${WARMUP} (${total} busy samples of 100 µs)`);
for (const [part, n] of [...counts].sort((a, b) => b[1] - a[1])) console.log(`  ${((100 * n) / total).toFixed(1).padStart(5)}%  ${part}`);
for (const [fn, n] of [...fns].sort((a, b) => b[1] - a[1]).slice(0, 40)) console.log(`    ${((100 * n) / total).toFixed(1).padStart(5)}%  ${fn}`);
