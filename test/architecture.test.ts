import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, test } from "vitest";

/** DESIGN "Layout" and rule 4, enforced so nobody has to remember them. */
const SRC = join(import.meta.dirname, "..", "src");

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? files(p) : /\.tsx?$/.test(p) && !/\.test\.tsx?$/.test(p) ? [p] : [];
  });
}

const sources = files(SRC).map((p) => ({ path: relative(SRC, p), text: readFileSync(p, "utf8") }));
const imports = (text: string) => [...text.matchAll(/^import[^;]*?from\s+"([^"]+)"/gms)].map((m) => m[1]);

describe("architecture", () => {
  test("gateway/ never imports hono, yaml, node:* or process; only routes.ts declares operations", () => {
    for (const f of sources.filter((s) => s.path.startsWith("gateway/"))) {
      for (const spec of imports(f.text)) {
        expect(/^(hono|@hono\/|yaml$|node:)/.test(spec), `${f.path} imports ${spec}`).toBe(false);
        expect(/\/(http|control|cli)\//.test(spec) || spec.startsWith("../http") || spec.startsWith("../../http"), `${f.path} imports ${spec}`).toBe(false);
      }
      expect(/\bprocess\./.test(f.text), `${f.path} uses process`).toBe(false);
    }
  });

  test("services and entities do not import routes or the HTTP layer", () => {
    for (const f of sources.filter((s) => /gateway\/.+\/(service|[a-z-]+)\.ts$/.test(s.path) && !s.path.endsWith("routes.ts"))) {
      for (const spec of imports(f.text)) expect(spec.endsWith("routes.js"), `${f.path} imports ${spec}`).toBe(false);
    }
  });

  test("wall clock and ambient randomness appear only in core/", () => {
    const banned = /Date\.now\(|new Date\(\)|Math\.random\(|randomUUID\(|performance\.now\(/;
    for (const f of sources.filter((s) => !s.path.startsWith("core/"))) {
      expect(banned.test(f.text), `${f.path}`).toBe(false);
    }
  });

  test("only main.ts touches process signals and argv", () => {
    for (const f of sources.filter((s) => s.path !== "main.ts")) {
      expect(/process\.(argv|exit|on|once)\b/.test(f.text), f.path).toBe(false);
    }
  });

  test("no module-level mutable state (let) in gateway/", () => {
    for (const f of sources.filter((s) => s.path.startsWith("gateway/"))) {
      expect(/^let /m.test(f.text), f.path).toBe(false);
    }
  });

  test("zod is imported as a namespace, so the CLI bundle keeps only the zod it uses", () => {
    // `import { z }` makes esbuild build zod's whole namespace object (docs/explanation/performance.md,
    // fourteenth round); a type-only import builds nothing.
    for (const f of sources) expect(/^import \{[^}]*\bz\b[^}]*\} from "zod"/m.test(f.text), f.path).toBe(false);
  });

  test("files stay small and folders shallow", () => {
    for (const f of sources) {
      expect(f.text.split("\n").length, f.path).toBeLessThanOrEqual(300);
      expect(f.path.split("/").length, f.path).toBeLessThanOrEqual(3);
    }
  });
});
