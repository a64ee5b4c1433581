import { createRequire } from "node:module";
import { lazy } from "./lazy.js";

const crypto = lazy(() => createRequire(import.meta.url)("node:crypto") as typeof import("node:crypto"));

/**
 * The SHA-256 of `text`, base64. node:crypto is loaded at the first call: loading it costs 3-4 ms of
 * a start (Node 20), and paydouble hashes only texts too long to key a map by, which a first
 * payment never sends.
 */
export function sha256Base64(text: string, encoding: "utf8" | "latin1" = "utf8"): string {
  return crypto().createHash("sha256").update(text, encoding).digest("base64");
}
