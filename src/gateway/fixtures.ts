import { maskCardsDeep } from "../core/mask.js";
import * as z from "zod";
import { lazy } from "../core/lazy.js";
import { PLATFORM_ID, TIME_ZONES } from "./clients/client.js";
import { email } from "./fields.js";
import { insertClient } from "./clients/service.js";
import { detailsSchema } from "./integrations/details.js";
import { loadFixtureIntegration } from "./integrations/service.js";
import type { World } from "./world.js";

/**
 * Fixture files (`fixtures/default.yaml`): the clients, with fixed ids and API keys, that a world
 * starts with. Validated here; the CLI reads and parses the YAML.
 */
const fixtureClient = () => z
  .object({
    id: z.string().regex(/^CLIENT-[0-9A-HJKMNP-TV-Z]{26}$/, "must be CLIENT-<ulid>"),
    api_key: z.string().regex(/^pk_live_[A-Za-z0-9_]+$/, "must be pk_live_<id-like>"),
    type: z.enum(["merchant", "reseller"]),
    dba: z.string().min(1).max(100),
    parent_id: z.string().nullable().default(null),
    website: z.string().max(30).nullable().default(null),
    admin_contact_details: z
      .object({
        first_name: z.string().nullable().default(null),
        last_name: z.string().nullable().default(null),
        // The API's own rule (no plus-addressing, a 2-4 letter TLD): a fixture client is one the API could create.
        email: email.nullable().default(null),
        phone: z.string().nullable().default(null),
        time_zone: z.enum(TIME_ZONES).nullable().default(null),
      })
      .strict()
      .prefault({}),
  })
  .strict();

/** Details are checked by the integration service's own schemas (`crossCheck`), then parsed by them (`parseDetails`). */
const fixtureIntegration = () => z
  .object({
    id: z.string().regex(/^INTEGRATION-[0-9A-HJKMNP-TV-Z]{26}$/, "must be INTEGRATION-<ulid>"),
    client: z.string(),
    processor: z.enum(["Cardproc", "Achproc"]),
    is_active: z.boolean(),
    integration_details: z.record(z.string(), z.unknown()),
  })
  .strict();

/**
 * Built on first use: a start loads the fixtures compiled at build time (src/cli/compiled.ts) and
 * parses no fixture file, so building this at module load was about 1 ms of every start for nothing.
 */
export const fixturesSchema = lazy(() => z
  .object({
    // Where editors find this schema in a JSON file (YAML files use a comment); paydouble ignores it.
    $schema: z.string().max(2000).optional(),
    clients: z.array(fixtureClient()).default([]),
    integrations: z.array(fixtureIntegration()).default([]),
  })
  .strict()
  .superRefine(crossCheck)
  .transform(parseDetails));

/**
 * What one entry cannot check alone, so a bad file is a 400 (or a start error) naming the field
 * instead of a world that fails to build: ids unique, a parent listed before its child and never
 * the client itself, an integration's client in the file, its details valid for its processor.
 */
function crossCheck(f: { clients: z.output<ReturnType<typeof fixtureClient>>[]; integrations: z.output<ReturnType<typeof fixtureIntegration>>[] }, ctx: z.RefinementCtx): void {
  const seen = new Set<string>();
  f.clients.forEach((c, i) => {
    if (seen.has(c.id)) ctx.addIssue({ code: "custom", path: ["clients", i, "id"], message: "is listed twice" });
    if (c.parent_id === c.id) ctx.addIssue({ code: "custom", path: ["clients", i, "parent_id"], message: "must not be the client itself" });
    else if (c.parent_id !== null && c.parent_id !== PLATFORM_ID && !seen.has(c.parent_id)) {
      ctx.addIssue({ code: "custom", path: ["clients", i, "parent_id"], message: "must name a client listed before this one" });
    }
    seen.add(c.id);
  });
  f.integrations.forEach((g, i) => {
    if (!seen.has(g.client)) ctx.addIssue({ code: "custom", path: ["integrations", i, "client"], message: "must name a client of this file" });
    const details = detailsSchema(g.processor).safeParse(g.integration_details, { reportInput: true });
    for (const issue of details.success ? [] : details.error.issues) {
      // Worded as the API words it (`issueDetails`), not zod's "Invalid input: expected string, received undefined".
      const message = issue.code === "invalid_type" && issue.input === undefined ? "is required" : issue.message;
      ctx.addIssue({ code: "custom", path: ["integrations", i, "integration_details", ...issue.path.map(String)], message });
    }
  });
}

/**
 * A file's integration details as the integration schemas output them (zod runs this step only once
 * `crossCheck` found nothing), so a world loads them as they are ({@link parsedFixtures}).
 */
function parseDetails<F extends { integrations: { processor: "Cardproc" | "Achproc"; integration_details: Record<string, unknown> }[] }>(f: F): F {
  const integrations = f.integrations.map((g) => ({ ...g, integration_details: detailsSchema(g.processor).parse(g.integration_details) as Record<string, unknown> }));
  return parsedFixtures({ ...f, integrations });
}

export type Fixtures = z.output<ReturnType<typeof fixturesSchema>>;

/**
 * Fixtures whose integration details are already the integration schemas' output: a file parsed by
 * {@link fixturesSchema}, or the shipped file that schema parsed at build time (src/cli/compiled.ts
 * marks it when it loads). A world loads their details without parsing them again; the details of any
 * other Fixtures object (a library caller's own) are parsed when the world loads them. Building the
 * details schemas at start was a third of the zod schemas a start built.
 */
const PARSED = new WeakSet<object>();
export function parsedFixtures<F extends object>(f: F): F {
  PARSED.add(f);
  return f;
}

/** Loads fixtures into a fresh world, in file order (a parent before its children). */
export function loadFixtures(world: World, fixtures: Fixtures): void {
  for (const f of fixtures.clients) {
    // A fixture file is input too: its free text is stored with card numbers masked, as a request's.
    insertClient(world, maskCardsDeep({
      id: f.id,
      type: f.type,
      dba: f.dba,
      parent_id: f.parent_id ?? PLATFORM_ID,
      website: f.website,
      admin_contact_details: { ...f.admin_contact_details },
      primary_phone: null,
      support_phone: null,
      api_key: f.api_key,
      encryption_keys: { key_id: `KEY-${f.id.slice(7)}`, public_key: `pub_${f.id.slice(7)}` },
      created_at: world.clock.now(),
    }));
  }
  for (const f of fixtures.integrations) loadFixtureIntegration(world, f, PARSED.has(fixtures));
}

/** What `GET /_mock/fixtures` shows: the credentials to start with. */
export function fixtureCredentials(fixtures: Fixtures) {
  return {
    clients: fixtures.clients.map((c) => ({
      id: c.id,
      api_key: c.api_key,
      type: c.type,
      dba: c.dba,
      // The same parent as `GET /v1/clients/{id}` shows (a root reseller's is the platform).
      parent_id: c.parent_id ?? PLATFORM_ID,
    })),
  };
}
