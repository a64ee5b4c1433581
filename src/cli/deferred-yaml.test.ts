import * as yaml from "yaml";
import { describe, expect, it } from "vitest";
import { isAlias, isMap, isSeq, LineCounter, parseDocument, visit } from "./deferred-yaml.js";

describe("the CLI's stand-in for yaml (deferred-yaml.ts)", () => {
  it("parses as the package does, with its node tests and line counter", () => {
    const text = "a: &x [1, 2]\nb: *x\n";
    const lines = new LineCounter();
    const doc = parseDocument(text, { lineCounter: lines });
    expect(doc.toJS()).toEqual(yaml.parseDocument(text).toJS());
    expect(lines).toBeInstanceOf(yaml.LineCounter);
    expect(lines.linePos(text.indexOf("b:"))).toEqual({ line: 2, col: 1 });
    expect(isMap(doc.contents)).toBe(true);
    expect(isSeq(doc.get("a", true))).toBe(true);
    expect(isAlias(doc.get("b", true))).toBe(true);
    expect(isMap([1])).toBe(false);
  });

  it("visits with the package's own BREAK, SKIP and REMOVE", () => {
    expect([visit.BREAK, visit.SKIP, visit.REMOVE]).toEqual([yaml.visit.BREAK, yaml.visit.SKIP, yaml.visit.REMOVE]);
    const doc = parseDocument("- 1\n- 2\n- 3\n");
    const seen: unknown[] = [];
    visit(doc, { Scalar: (_, node) => (seen.push(node.value), node.value === 2 ? visit.BREAK : undefined) });
    expect(seen).toEqual([1, 2]);
  });
});
