import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { MERCHANT, setup } from "./helpers.js";
import { HOSTILE_KEYS } from "./proving/mutations.js";
import { cardBody } from "./resources-data.js";
import { CARD_INTEGRATION } from "./proving/world.js";

/**
 * `__proto__` and the other Object.prototype names inside metadata (integration_details.metadata)
 * are ordinary keys: stored, returned by create, update and get, and nothing
 * leaks into prototypes (issue 7, item 3).
 */
const key = fc.oneof(fc.constantFrom<string>(...HOSTILE_KEYS), fc.stringMatching(/^[a-zA-Z0-9_-]{1,40}$/));
const metadata = fc.uniqueArray(fc.tuple(key, fc.string({ maxLength: 40 })), { minLength: 1, maxLength: 8, selector: ([k]) => k });

/** Metadata as JSON text: the only way a client sends a `__proto__` key. */
const asText = (entries: [string, string][]) => `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`).join(",")}}`;
const withMetadata = (text: string) => JSON.stringify(cardBody()).replace(/\}\}$/, `,"metadata":${text}}}`);
/** Sorted: integer-like keys (`"0"`) come first in any JS object, so order is not a property of the double. */
const entriesOf = (m: unknown) => Object.entries(m as object).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

describe("metadata keys named like Object.prototype members", () => {
  test("are stored and returned as ordinary keys on create, update and get", async () => {
    const t = setup();
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(metadata, fc.boolean(), async (entries, update) => {
        runs++;
        const raw = withMetadata(asText(entries));
        const path = update ? `/v1/integrations/${CARD_INTEGRATION}` : "/v1/integrations";
        const written = await t.call("POST", path, { as: MERCHANT, raw, headers: { "Content-Type": "application/json" } });
        expect(written.status, written.text).toBe(200);
        expect(entriesOf(written.body.integration_details.metadata)).toEqual(entriesOf(Object.fromEntries(entries)));
        const read = await t.get(`/v1/integrations/${written.body.id}`);
        expect(entriesOf(read.body.integration_details.metadata)).toEqual(entriesOf(Object.fromEntries(entries)));
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
        expect(Object.getPrototypeOf(read.body.integration_details.metadata)).toBe(Object.prototype);
      }),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 150) > 150 ? 200 : 40, seed: 7 },
    );
    console.log(`metadata keys: ${runs} property runs`);
  });
});
