/**
 * What the CLI bundle gives src/scenarios/match.ts for `import { RE2JS } from "re2js"`
 * (scripts/build-extras.mjs resolves that import here): the package is bundled, but evaluated at its
 * first use, when a scenario's `matches` pattern is compiled. Evaluating it builds RE2's Unicode tables,
 * about 2.4 ms of a start that loads no such pattern. The bundle's `require` of the package (this file's
 * own) is the lazy part: esbuild evaluates a required module when first called.
 */
import type * as Re2js from "re2js";
import { lazy } from "../core/lazy.js";

const real = lazy(() => (require("re2js") as typeof Re2js).RE2JS);

/** The class's statics, read from the real class when used (match.ts calls `RE2JS.compile`). */
export const RE2JS = new Proxy({} as typeof Re2js.RE2JS, { get: (_, key) => Reflect.get(real(), key) });
