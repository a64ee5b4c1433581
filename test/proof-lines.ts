import { appendFileSync, mkdirSync } from "node:fs";

/**
 * A line for the closing summary of `npm test` (scripts/test-summary.mjs prints the lines of
 * .tmp/openapi-proof): the figures the OpenAPI proof must show, e.g. the Prism-proxy count.
 */
export function proofLine(name: string, line: string): void {
  console.log(line);
  mkdirSync(".tmp/openapi-proof", { recursive: true });
  appendFileSync(`.tmp/openapi-proof/${name}.txt`, line + "\n");
}
