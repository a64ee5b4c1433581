/** paydouble's own version (kept equal to package.json by test/version.test.ts). */
export const VERSION = "0.1.0";

/** The gateway interface version paydouble emulates (spec Versioning). */
export const SPEC_VERSION = "1.0.0-beta.27";
