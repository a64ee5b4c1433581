#!/usr/bin/env node
// The Dockerfile's build stage: trims package.json's devDependencies to what `npm run build:server` needs,
// so the `npm install` that follows takes the production dependencies and these at the lock file's
// versions, not the ~500 packages of the test and lint tools. Only ever run inside that stage.
import { readFileSync, writeFileSync } from "node:fs";

const BUILD = ["typescript", "esbuild", "swagger-ui-dist", "@types/node", "@types/seedrandom"];
const pkg = JSON.parse(readFileSync("package.json", "utf8"));
const missing = BUILD.filter((name) => !pkg.devDependencies?.[name]);
if (missing.length) throw new Error(`image-build-deps: ${missing.join(", ")} no longer in devDependencies`);
pkg.devDependencies = Object.fromEntries(BUILD.map((name) => [name, pkg.devDependencies[name]]));
writeFileSync("package.json", JSON.stringify(pkg, null, 2) + "\n");
