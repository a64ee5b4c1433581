import { describe, expect, it } from "vitest";
import { TrieRouter } from "hono/router/trie-router";
import { MemoTrieRouter } from "./router.js";

/** Both routers with the same routes: the pipeline's `*`, static and parameter routes, two methods on one path. */
function routers() {
  const memo = new MemoTrieRouter<string>();
  const trie = new TrieRouter<string>();
  for (const r of [memo, trie]) {
    r.add("ALL", "*", "pipeline");
    r.add("POST", "/v1/transactions", "create");
    r.add("GET", "/v1/transactions", "list");
    r.add("GET", "/v1/transactions/:id", "get");
    r.add("GET", "/sandboxes/:sandboxId/v1/transactions", "sandbox list");
  }
  return { memo, trie };
}

const plain = (r: unknown) => JSON.parse(JSON.stringify(r));

describe("MemoTrieRouter", () => {
  it("answers every match as hono's trie does, also when asked again", () => {
    const { memo, trie } = routers();
    const asks: [string, string][] = [
      ["POST", "/v1/transactions"], ["GET", "/v1/transactions"], ["POST", "/v1/transactions"], ["GET", "/v1/transactions"],
      ["GET", "/v1/transactions/T-1"], ["GET", "/v1/transactions/T-2"], ["GET", "/sandboxes/a/v1/transactions"],
      ["GET", "/sandboxes/b/v1/transactions"], ["DELETE", "/v1/transactions"], ["GET", "/nowhere"], ["GET", "/nowhere"],
    ];
    for (const [method, path] of asks) expect(plain(memo.match(method, path)), `${method} ${path}`).toEqual(plain(trie.match(method, path)));
  });

  it("keeps a match only for a path without parameters, one per method", () => {
    const { memo } = routers();
    memo.match("POST", "/v1/transactions");
    memo.match("GET", "/v1/transactions");
    memo.match("GET", "/v1/transactions/T-1");
    memo.match("GET", "/sandboxes/a/v1/transactions");
    expect(memo.size).toBe(2);
    expect(memo.match("GET", "/v1/transactions")).toBe(memo.match("GET", "/v1/transactions"));
    expect(memo.match("GET", "/v1/transactions/T-1")).not.toBe(memo.match("GET", "/v1/transactions/T-1"));
  });

  it("stays bounded whatever paths arrive, and keeps no long path", () => {
    const { memo } = routers();
    for (let i = 0; i < 1_000; i++) memo.match("GET", `/crawl/${i}`);
    expect(memo.size).toBeLessThanOrEqual(256);
    memo.match("GET", `/${"x".repeat(300)}`);
    const before = memo.size;
    memo.match("GET", `/${"y".repeat(300)}`);
    expect(memo.size).toBe(before);
    expect(plain(memo.match("POST", "/v1/transactions"))).toEqual([[["pipeline", {}], ["create", {}]]]);
  });

  it("forgets what it kept when a route is added", () => {
    const { memo } = routers();
    expect(plain(memo.match("GET", "/v1/batches"))).toEqual([[["pipeline", {}]]]);
    memo.add("GET", "/v1/batches", "batches");
    expect(plain(memo.match("GET", "/v1/batches"))).toEqual([[["pipeline", {}], ["batches", {}]]]);
  });
});
