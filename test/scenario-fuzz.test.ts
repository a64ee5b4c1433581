import fc from "fast-check";
import { it } from "vitest";
import { parseScenario } from "../src/scenarios/loader.js";
const ops = ["createTransaction","createTransation","listClients","getTransaction","captureTransaction", 5, null, ["createTransaction","x"], []];
const val = fc.oneof(fc.constant(null), fc.boolean(), fc.integer(), fc.string({maxLength:5}), fc.constantFrom("ACH","Card","P1D","R01","settlement","ach_return","51"));
const cond = fc.dictionary(fc.constantFrom("amount","payment_method.type","paymentmethod","metadata.x","type","",".","a..b","payment_method"), fc.oneof(val, fc.dictionary(fc.constantFrom("eq","gte","in","matches","exists","x","type"), fc.oneof(val, fc.array(val)))), {maxKeys:3});
const when = fc.record({ operation: fc.constantFrom(...ops), body: cond, query: cond, params: cond, headers: cond, times: val, nth: val, chance: fc.oneof(val, fc.double()), client: val, per: val }, { requiredKeys: [] });
const then = fc.dictionary(fc.constantFrom("approve","decline","error_result","fail","transport","delay_ms","set","card_type","tokenization","settlement","schedule"), fc.oneof(val, fc.dictionary(fc.constantFrom("code","description","error","created","delay","status"), val), fc.array(fc.dictionary(fc.constantFrom("event","in","after","code","business_days"), val), {maxLength:2})), {maxKeys:3});
const file = fc.record({ version: fc.constantFrom(1, 2, "1"), name: fc.oneof(fc.string({maxLength:4}), fc.constant("n")), rules: fc.oneof(fc.array(fc.record({ name: fc.oneof(fc.string({maxLength:3}), val), when: fc.oneof(when, val), then: fc.oneof(then, val) }, {requiredKeys: []}), {maxLength:3}), val), timeline: fc.oneof(val, fc.array(fc.dictionary(fc.constantFrom("at","do"), val), {maxLength: 2})), quirks: fc.oneof(val, fc.dictionary(fc.string({maxLength:4}), val)) }, { requiredKeys: [] });
/** No scenario file, however wrong, makes the checker throw: a problem list, never a 500 (issue 13; a crash found by hand is its first counterexample). */
it("the scenario checker answers problems, never throws, for arbitrary rule shapes", () => {
  fc.assert(fc.property(file, (f) => { parseScenario(JSON.stringify(f)); }), { numRuns: 3000, seed: 7 });
});
