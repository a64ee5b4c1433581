import type { ChildProcess } from "node:child_process";
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/**
 * `npm run build` once per test run, shared by the test files that spawn the built CLI
 * (`node dist/main.js`): they run in parallel threads of one process, so a lock folder keeps two
 * builds from writing dist/ at once and a stamp with the process id skips the rebuild for the next.
 */
const ROOT = join(import.meta.dirname, "..");
const LOCK = join(ROOT, ".tmp/build.lock");
const STAMP = join(ROOT, ".tmp/build.stamp");

export async function ensureBuilt(): Promise<void> {
  mkdirSync(join(ROOT, ".tmp"), { recursive: true });
  for (let waited = 0; ; waited += 250) {
    try {
      mkdirSync(LOCK);
      break;
    } catch {
      if (waited > 300_000) throw new Error("waited 5 minutes for another test's build");
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  try {
    let stamp = "";
    try {
      stamp = readFileSync(STAMP, "utf8");
    } catch {
      stamp = "";
    }
    if (stamp === String(process.pid)) return;
    execFileSync("npm", ["run", "-s", "build"], { cwd: ROOT, stdio: "ignore" });
    writeFileSync(STAMP, String(process.pid));
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}

/** The URL a started server prints in its banner; rejects when the process exits first. */
export function listeningUrl(child: ChildProcess, why: () => string = () => ""): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (d) => {
      out += d;
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) resolve(m[1]!);
    });
    child.on("exit", (code) => reject(new Error(`paydouble exited ${code} before listening${why()}`)));
  });
}
