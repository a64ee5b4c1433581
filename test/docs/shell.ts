/**
 * Turns a documented shell block into the script the docs runner runs: the documented address
 * `localhost:4242` points at the page's own server, and each `# → text` line under a command
 * asserts that the command's output contains `text` (the block fails otherwise).
 */
export function rewriteAddress(text: string, port: number): string {
  return text.replace(/\b(localhost|127\.0\.0\.1|paydouble):4242\b/g, `127.0.0.1:${port}`);
}

const EXPECT = /^#\s*→\s?(.*)$/;

const OPENS = /(^|;|&&|\|\|)\s*(for|while|until|if|case)\b/g;
const CLOSES = /(^|;)\s*(done|fi|esac)\b/g;

/**
 * Splits a block into commands: a line ending in `\`, an open quote, a heredoc or an open
 * `for`/`while`/`if`/`case` continues one.
 */
function commands(lines: string[]): { command: string[]; expect: string[] }[] {
  const out: { command: string[]; expect: string[] }[] = [];
  let current: string[] = [];
  let heredoc: string | null = null;
  let depth = 0;
  for (const line of lines) {
    const m = EXPECT.exec(line.trim());
    if (m && current.length === 0 && out.length > 0) {
      // Leading spaces kept: a whole-output block compares indented lines as they are.
      out[out.length - 1].expect.push(m[1].trimEnd());
      continue;
    }
    current.push(line);
    if (heredoc !== null) {
      if (line.trim() === heredoc) heredoc = null;
      else continue;
    } else {
      const h = /<<-?\s*['"]?(\w+)['"]?/.exec(line);
      if (h) {
        heredoc = h[1];
        continue;
      }
    }
    const joined = current.join("\n");
    if (line.endsWith("\\") || unbalancedQuote(joined)) continue;
    depth += (line.match(OPENS) ?? []).length - (line.match(CLOSES) ?? []).length;
    if (depth > 0) continue;
    depth = 0;
    out.push({ command: current, expect: [] });
    current = [];
  }
  if (current.length) out.push({ command: current, expect: [] });
  return out;
}

/** True while a single or double quote opened in the text is not yet closed (no escapes inside ''). */
function unbalancedQuote(text: string): boolean {
  let quote: string | null = null;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote === "'") {
      if (c === "'") quote = null;
    } else if (quote === '"') {
      if (c === "\\") i++;
      else if (c === '"') quote = null;
    } else if (c === "\\") i++;
    else if (c === "#" && (i === 0 || /\s/.test(text[i - 1]))) {
      const nl = text.indexOf("\n", i);
      if (nl < 0) return false;
      i = nl;
    } else if (c === "'" || c === '"') quote = c;
  }
  return quote !== null;
}

/**
 * The bash script of a block; `expectations` counts its `# →` assertions. With `exact` (a block
 * marked `<!-- example: whole output -->`) the `# →` lines under a command are its whole output,
 * line for line: a line the docs leave out or one that changed fails the block.
 */
export function shellScript(body: string, port: number, options: { exact?: boolean } = {}): { script: string; expectations: number } {
  let expectations = 0;
  const parts = commands(rewriteAddress(body, port).split("\n")).map(({ command, expect }) => {
    if (!expect.length) return command.join("\n");
    expectations += expect.length;
    const checks = options.exact
      ? `diff <(printf '%s\\n' ${expect.map(shellQuote).join(" ")}) "$__out" >&2 || { echo "expected exactly the # → lines (diff above: < docs, > output)" >&2; exit 1; }`
      : expect.map((e) => `__expect ${shellQuote(e.trim())}`).join("\n");
    return `{\n${command.join("\n")}\n} > "$__out"\ncat "$__out"\n${checks}`;
  });
  // `paydouble ctl` talks to http://localhost:4242 unless told otherwise: point it at the page's server.
  return { script: [`export PAYDOUBLE_URL=http://127.0.0.1:${port}`, ...parts].join("\n"), expectations };
}

export function shellQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}
