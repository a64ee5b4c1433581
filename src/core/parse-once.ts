/**
 * zod parse options for a schema parsed once per process (the flags, the fixture integrations).
 * zod's fast path is code it generates with `new Function` on a schema's first parse: code the V8
 * code cache cannot hold, so every start compiled it for a single use (about 4 ms of the start,
 * docs/explanation/performance.md, "Cold start"). The result is the same either way; request
 * schemas keep the fast path, which pays from the second request on.
 */
export const PARSE_ONCE = { jitless: true } as const;
