import type { Context, Hono } from "hono";
import * as z from "zod";
import { lazy } from "../core/lazy.js";
import { GatewayError } from "../core/errors.js";
import { fixtureCredentials, fixturesSchema } from "../gateway/fixtures.js";
import type { Host } from "../gateway/host.js";
import type { AppEnv } from "../http/env.js";
import { parseWith, readJsonBody } from "../http/validate.js";
import { libraryScenario } from "../scenarios/library.js";
import type { ScenarioFile } from "../scenarios/schema.js";
import { checkScenarioInstants } from "../scenarios/instants.js";
import { settingsFromFiles } from "../scenarios/start.js";
import { scenarioFromText } from "./scenarios.js";
import { controlRoute, instant } from "./registry.js";
import { ensureRoom } from "./scenario-room.js";

const createBody = lazy(() => z
  .object({
    seed: z.union([z.string().min(1).max(200), z.number().int()]).optional(),
    scenarios: z.array(z.string().min(1)).max(50).optional(),
    fixtures: fixturesSchema().optional(),
  })
  .strict());
const credentials = lazy(() => z.object({ id: z.string(), api_key: z.string(), type: z.string(), dba: z.string(), parent_id: z.string().nullable() }).strict());
const createdAnswer = lazy(() => z.object({ id: z.string(), base_url: z.string(), clients: z.array(credentials()) }).strict());
const listAnswer = lazy(() => z
  .object({ sandboxes: z.array(z.object({ id: z.string(), base_url: z.string(), seed: z.string(), now: instant }).strict()), limit: z.number().int() })
  .strict());
const deletedAnswer = lazy(() => z.object({ id: z.string(), deleted: z.literal(true) }).strict());

/**
 * Sandboxes (PRODUCT.md "Worlds and sandboxes"): separate worlds rooted at `/sandboxes/{id}`, each
 * with its own seed, clock, scenarios and store. They are managed from the server root only.
 */
export function mountSandboxes(ctl: Hono<AppEnv>, host: Host): void {
  controlRoute(ctl, {
    method: "POST", path: "/sandboxes", tag: "sandboxes", summary: "Create a sandbox: a separate world",
    description: "Its own seed, clock, scenarios and store, served under `base_url` (`/sandboxes/{id}`), where `/v1` and `/_mock` work as at the root. `scenarios` are shipped names or whole files inline. A cap on their number answers 409. Root only (404 inside a sandbox).",
    body: createBody, bodyOptional: true, errors: [400, 404, 409],
    answers: { 201: { description: "Created, with the credentials to start with", schema: createdAnswer } },
  }, async (c) => {
    atRoot(c);
    const body = parseWith(createBody(), await readJsonBody(c, true), "body");
    const files = (body.scenarios ?? []).map(resolveScenario);
    const fromFiles = settingsFromFiles(files);
    const clockStart = fromFiles.clockStart ?? host.options.clockStart;
    // Before an id is taken: a refused sandbox leaves the host as it was.
    files.forEach((file, i) => checkScenarioInstants(file, clockStart, `scenarios.${i}.`));
    if (files.length > 0) ensureRoom(host, null, files, null, host.options.builtin ?? null);
    const id = host.nextSandboxId();
    const world = host.addSandbox(id, {
      ...host.options,
      seed: body.seed !== undefined ? String(body.seed) : (fromFiles.seed ?? id),
      clockStart,
      tickMs: fromFiles.tickMs ?? host.options.tickMs,
      fixtures: body.fixtures ?? host.options.fixtures,
      scenarios: files,
    });
    return c.json({ id, base_url: baseUrl(c, id), clients: fixtureCredentials(world.options.fixtures).clients }, 201);
  });

  controlRoute(ctl, {
    method: "GET", path: "/sandboxes", tag: "sandboxes", summary: "List the sandboxes",
    description: "Each sandbox with its root, seed and simulated now; `limit` is the cap. Root only.",
    errors: [404],
    answers: { 200: { description: "The sandboxes", schema: listAnswer } },
  }, (c) => {
    atRoot(c);
    return c.json(sandboxList(c, host));
  });

  controlRoute(ctl, {
    method: "DELETE", path: "/sandboxes/:id", tag: "sandboxes", summary: "Free a sandbox",
    description: "Its world and everything in it are gone; the id is not reused. Root only.",
    errors: [404],
    answers: { 200: { description: "Deleted", schema: deletedAnswer } },
  }, (c) => {
    atRoot(c);
    const id = c.req.param("id");
    if (!host.removeSandbox(id)) throw new GatewayError("RESOURCE_NOT_FOUND", { message: `No sandbox ${id}.` });
    return c.json({ id, deleted: true });
  });
}

/** What `GET /_mock/sandboxes` answers: each sandbox with its base URL, seed and simulated now. */
export function sandboxList(c: Context<AppEnv>, host: Host) {
  const sandboxes = host.sandboxIds().map((id) => {
    const world = host.world(id)!;
    return { id, base_url: baseUrl(c, id), seed: world.options.seed, now: world.clock.iso() };
  });
  return { sandboxes, limit: host.sandboxLimit };
}

/** An entry of `scenarios`: a shipped scenario's name, or a whole file inline (YAML or JSON text). */
function resolveScenario(entry: string, i: number): ScenarioFile {
  if (/[\n:{]/.test(entry)) return scenarioFromText(entry, `scenarios.${i}.`);
  const file = libraryScenario(entry);
  if (!file) throw new GatewayError("INVALID_REQUEST_DATA", { details: { [`scenarios.${i}`]: `no shipped scenario named ${entry}` } });
  return file;
}

function atRoot(c: Context<AppEnv>): void {
  if (c.get("sandboxId") !== null) {
    throw new GatewayError("RESOURCE_NOT_FOUND", { message: "Sandboxes are managed at the server root, not inside a sandbox." });
  }
}

function baseUrl(c: Context<AppEnv>, id: string): string {
  return `${new URL(c.req.url).origin}/sandboxes/${id}`;
}
