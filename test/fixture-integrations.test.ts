import { describe, expect, test } from "vitest";
import { DEFAULT_FIXTURES_PATH, readFixtures } from "../src/cli/load-files.js";
import { createDouble } from "../src/index.js";
import { setup } from "./helpers.js";
import { cardDetails } from "./resources-data.js";

/** Fixture integrations go through the same detail schemas as requests. */
describe("fixture integrations", () => {
  test("the default fixtures' two integrations are valid and readable", async () => {
    const t = setup();
    const card = await t.get("/v1/integrations/INTEGRATION-01JDEM0CARDPR0C00000000000");
    expect(card.body).toMatchObject({ processor: "CARDPROC", is_active: true, integration_details: { settlement_time: "22:00" } });
    const ach = await t.get("/v1/integrations/INTEGRATION-01JDEM0ACHPR0C000000000000");
    expect(ach.body).toMatchObject({ processor: "ACHPROC", integration_details: { client_id: "demo-ach-client", client_secret: "********" } });
  });

  test("details loaded as parsed (the shipped file) answer what details parsed at load answer", async () => {
    // A copy is not the fixtures schema's output, so its world parses the details as it loads them.
    const parsedOnce = setup();
    const parsedAtLoad = setup({ fixtures: structuredClone(readFixtures(DEFAULT_FIXTURES_PATH)) });
    for (const id of ["INTEGRATION-01JDEM0CARDPR0C00000000000", "INTEGRATION-01JDEM0ACHPR0C000000000000"]) {
      const [a, b] = [await parsedOnce.get(`/v1/integrations/${id}`), await parsedAtLoad.get(`/v1/integrations/${id}`)];
      expect(a.status).toBe(200);
      expect(JSON.stringify(a.body)).toBe(JSON.stringify(b.body));
    }
  });

  test("a fixture integration with bad details fails to load, naming the field", () => {
    const fixtures = readFixtures(DEFAULT_FIXTURES_PATH);
    const bad = structuredClone(fixtures);
    bad.integrations[0].integration_details = { ...cardDetails(), mcc: "12" };
    expect(() => createDouble({ fixtures: bad })).toThrow(/integration_details\.mcc/);
  });
});
