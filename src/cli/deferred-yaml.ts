/**
 * What the CLI bundle gives src/ for `import ... from "yaml"` (scripts/build-extras.mjs resolves those
 * imports here): the package is bundled, but evaluated at its first use, when a scenario, fixture or
 * requirement file is read. A start reads the precompiled built-in scenarios and fixtures as JSON and
 * never parses YAML, and evaluating the package cost about 1.8 ms of it. The bundle's `require` of the
 * package (this file's own) is the lazy part: esbuild evaluates a required module when first called.
 */
import type * as Yaml from "yaml";
import { lazy } from "../core/lazy.js";

const real = lazy(() => require("yaml") as typeof Yaml);

export const parseDocument = ((...a: Parameters<typeof Yaml.parseDocument>) => real().parseDocument(...a)) as typeof Yaml.parseDocument;
export const isAlias = ((node: unknown) => real().isAlias(node)) as typeof Yaml.isAlias;
export const isMap = ((node: unknown) => real().isMap(node)) as typeof Yaml.isMap;
export const isSeq = ((node: unknown) => real().isSeq(node)) as typeof Yaml.isSeq;

/** `new LineCounter()` gives the package's own instance (a constructor that returns an object). */
export const LineCounter = function LineCounter() {
  return new (real().LineCounter)();
} as unknown as typeof Yaml.LineCounter;

/** The visitor, with the package's own `BREAK`, `SKIP` and `REMOVE` symbols. */
export const visit = Object.defineProperties((...a: Parameters<typeof Yaml.visit>) => real().visit(...a), {
  BREAK: { get: () => real().visit.BREAK },
  SKIP: { get: () => real().visit.SKIP },
  REMOVE: { get: () => real().visit.REMOVE },
}) as unknown as typeof Yaml.visit;
