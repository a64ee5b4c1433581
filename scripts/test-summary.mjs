// Prints vitest's totals as the plain closing line "N passed, N failed" that CI reads.
import { readFileSync } from "node:fs";

const r = JSON.parse(readFileSync(".tmp/vitest.json", "utf8"));
console.log(`tests: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests} skipped`);
