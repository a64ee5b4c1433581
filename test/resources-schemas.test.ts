import { describe, expect, test } from "vitest";
import { schemaOf } from "../src/core/lazy.js";
import { OPERATIONS } from "../src/gateway/operations.js";
import { MERCHANT, type Reply, setup } from "./helpers.js";
import { achBody, achMethod, cardBody, cardMethod } from "./resources-data.js";

/** Every 200 of the resource operations matches the strict response schema it declares (OpenAPI). */
describe("declared response schemas", () => {
  test("each resource operation's answer parses with its response schema", async () => {
    const t = setup();
    const replies: [string, Reply][] = [];
    const card = await t.post("/v1/integrations", cardBody({ ...cardBody().integration_details, fax_number: "2125550199", metadata: { a: "b" } }));
    const token = await t.post("/v1/payment_tokens", { payment_method: cardMethod() });
    const user = await t.post("/v1/users", { first_name: "A", last_name: "B", email: "a@b.com" });
    replies.push(
      ["createIntegration", card],
      ["createIntegration", await t.post("/v1/integrations", achBody())],
      ["getIntegration", await t.get(`/v1/integrations/${card.body.id}`)],
      ["updateIntegration", await t.post(`/v1/integrations/${card.body.id}`, cardBody())],
      ["listIntegrations", await t.get("/v1/integrations")],
      ["listIntegrationSummary", await t.get(`/v1/integrations/summary/${MERCHANT.id}`)],
      ["createPaymentToken", token],
      ["createPaymentToken", await t.post("/v1/payment_tokens", { payment_method: achMethod() })],
      ["getPaymentToken", await t.get(`/v1/payment_tokens/${token.body.payment_token}`)],
      ["listPaymentTokens", await t.get("/v1/payment_tokens")],
      ["createUser", user],
      ["getUser", await t.get(`/v1/users/${user.body.id}`)],
      ["listUsers", await t.get("/v1/users")],
      ["createMfaChallenge", await t.post("/v1/mfa/challenges", { type: "2fa", email: "a@b.com" })],
    );
    for (const [id, reply] of replies) {
      const op = OPERATIONS.find((o) => o.id === id)!;
      expect(reply.status, id).toBe(200);
      const parsed = schemaOf(op.response).safeParse(reply.body);
      expect(parsed.success, `${id}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
    }
  });
});
