/**
 * zod parse options for a schema parsed once per process (the flags, the fixture integrations), and
 * for the first parse of each request schema (src/http/validate.ts `parseWith`).
 * zod's fast path is code it generates with `new Function` on a schema's first parse: code the V8
 * code cache cannot hold, so every start compiled it for a single use (about 4 ms of the start,
 * docs/explanation/performance.md, "Cold start"). The result is the same either way; request
 * schemas take the fast path from their second parse on, where generating it pays.
 */
export const PARSE_ONCE = { jitless: true } as const;
