#!/usr/bin/env node
// `npm run release [-- --engine docker|podman] [--out DIR] [--image-only] [-- BUILD FLAGS...]`: the two
// artifacts of a release until paydouble is on a registry, in DIR (default release/):
//   paydouble-<version>.tgz         the npm package (`npm i -D ./paydouble-<version>.tgz`)
//   paydouble-<version>-image.tar   the image, tagged paydouble:<version> and paydouble:latest
//                                   (`docker load -i ...` or `podman load -i ...`)
// The engine is docker when it is on PATH, else podman (which builds with --format docker, or the
// HEALTHCHECK is dropped). Flags after a second `--` go to the engine's build as they are.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";

const argv = process.argv.slice(2);
const cut = argv.indexOf("--");
const { values } = parseArgs({
  args: cut < 0 ? argv : argv.slice(0, cut),
  options: { engine: { type: "string" }, out: { type: "string", default: "release" }, "image-only": { type: "boolean" } },
});
const buildFlags = cut < 0 ? [] : argv.slice(cut + 1);
const has = (cmd) => spawnSync(cmd, ["--version"], { stdio: "ignore" }).status === 0;
const engine = values.engine ?? (has("docker") ? "docker" : has("podman") ? "podman" : null);
if (engine !== "docker" && engine !== "podman") throw new Error("release: needs docker or podman (--engine docker|podman)");
const { version } = JSON.parse(readFileSync("package.json", "utf8"));
const out = resolve(values.out);
mkdirSync(out, { recursive: true });
const run = (cmd, args) => execFileSync(cmd, args, { stdio: ["ignore", "inherit", "inherit"] });

if (!values["image-only"]) {
  // npm pack runs `prepare` (the build), so the tarball holds a dist/ built from these sources.
  run("npm", ["pack", "--pack-destination", out]);
  console.log(`release: ${out}/paydouble-${version}.tgz`);
}
const tags = [`paydouble:${version}`, "paydouble:latest"];
run(engine, ["build", ...(engine === "podman" ? ["--format", "docker"] : []), ...tags.flatMap((t) => ["-t", t]), ...buildFlags, "."]);
const tar = `${out}/paydouble-${version}-image.tar`;
rmSync(tar, { force: true });
run(engine, ["save", ...(engine === "podman" ? ["--multi-image-archive"] : []), "-o", tar, ...tags]);
console.log(`release: ${tar} (${tags.join(", ")}); load it with \`${engine} load -i ${tar}\``);
