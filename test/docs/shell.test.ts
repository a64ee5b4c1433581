import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { fencedBlocks } from "./blocks.js";
import { rewriteAddress, shellScript } from "./shell.js";

/** The pure pieces of the docs runner: finding blocks and turning a shell block into a script. */
describe("fencedBlocks", () => {
  it("finds each block with its language, line and the marker right above it", () => {
    const md = "# t\n\n<!-- example: not-run: needs a browser -->\n```sh\necho hi\n```\n\ntext\n```\nplain\n```\n";
    expect(fencedBlocks("p.md", md)).toEqual([
      { page: "p.md", line: 4, lang: "sh", body: "echo hi", marker: "not-run: needs a browser" },
      { page: "p.md", line: 9, lang: "", body: "plain", marker: undefined },
    ]);
  });
});

describe("shellScript", () => {
  const run = (body: string) => {
    const { script } = shellScript(body, 1);
    const full = `set -euo pipefail\n__out=$(mktemp)\n__expect() { grep -qF -- "$1" "$__out"; }\n${script}`;
    try {
      return { ok: true, out: execFileSync("bash", ["-c", full], { encoding: "utf8" }) };
    } catch {
      return { ok: false, out: "" };
    }
  };

  it("points the documented address at the page's server", () => {
    expect(rewriteAddress("curl http://localhost:4242/x http://paydouble:4242 -p 127.0.0.1:4242:4242", 5)).toBe(
      "curl http://127.0.0.1:5/x http://127.0.0.1:5 -p 127.0.0.1:5:4242",
    );
  });

  it("asserts each `# →` line against the output of the command above it", () => {
    expect(run("echo hello world\n# → hello")).toMatchObject({ ok: true, out: "hello world\n" });
    expect(run("echo hello world\n# → goodbye").ok).toBe(false);
    expect(shellScript("echo a\n# → a\n# → a", 1).expectations).toBe(2);
  });

  it("compares the whole output, line for line, when the block asks for it", () => {
    const exact = (body: string) => {
      const full = `set -euo pipefail\n__out=$(mktemp)\n${shellScript(body, 1, { exact: true }).script}`;
      try {
        execFileSync("bash", ["-c", full], { encoding: "utf8", stdio: "pipe" });
        return true;
      } catch {
        return false;
      }
    };
    expect(exact("printf 'a\\nb\\n'\n# → a\n# → b")).toBe(true);
    expect(exact("printf 'a\\nb\\n'\n# → a")).toBe(false);
    expect(exact("printf 'a x\\n'\n# → a")).toBe(false);
    expect(exact("printf \"it's\\n\"\n# → it's")).toBe(true);
    expect(exact("printf 'a\\n  b\\n'\n# → a\n# →   b")).toBe(true);
    expect(exact("printf 'a\\n  b\\n'\n# → a\n# → b")).toBe(false);
  });

  it("keeps loops, continued lines, open quotes and heredocs in one command", () => {
    expect(run("for i in 1 2; do\n  echo n$i\ndone\n# → n2").ok).toBe(true);
    expect(run("echo 'a\nb' \\\n  | tr a c\n# → c").ok).toBe(true);
    expect(run("cat <<'EOF'\nin doc\nEOF\n# → in doc").ok).toBe(true);
  });

  it("lets a failing command fail the block", () => {
    expect(run("false\necho never").ok).toBe(false);
  });
});
