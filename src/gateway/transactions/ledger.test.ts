import { describe, expect, test } from "vitest";
import { ChunkedList } from "../../core/chunked-list.js";
import { pageOf, walk } from "./ledger.js";
import type { Transaction } from "./transaction.js";

const tx = (seq: number): Transaction => ({ id: `T${seq}`, seq, time_created: 1000 + seq * 10 }) as Transaction;
const ids = (p: { rows: Transaction[] }) => p.rows.map((t) => t.seq);
const listOf = (seqs: number[]) => {
  const l = new ChunkedList<Transaction>();
  for (const s of seqs) l.push(tx(s));
  return l;
};

describe("walk: pages over merged creation-ordered lists", () => {
  const evens = listOf([0, 2, 4, 6, 8]);
  const odds = listOf([1, 3, 5, 7, 9]);

  test("merges by sequence, newest first or oldest first, with offset, limit and has_more", () => {
    expect(ids(walk([evens, odds], { order: "desc", offset: 0, limit: 4 }))).toEqual([9, 8, 7, 6]);
    expect(walk([evens, odds], { order: "desc", offset: 0, limit: 4 }).has_more).toBe(true);
    expect(ids(walk([evens, odds], { order: "asc", offset: 7, limit: 4 }))).toEqual([7, 8, 9]);
    expect(walk([evens, odds], { order: "asc", offset: 7, limit: 3 }).has_more).toBe(false);
    expect(ids(walk([evens, listOf([])], { order: "asc", offset: 0, limit: 10 }))).toEqual([0, 2, 4, 6, 8]);
  });

  test("a time range is [from, to); keep filters before paging", () => {
    expect(ids(walk([evens, odds], { order: "asc", offset: 0, limit: 10, from: 1020, to: 1050 }))).toEqual([2, 3, 4]);
    expect(ids(walk([evens, odds], { order: "desc", offset: 1, limit: 2, keep: (t) => t.seq % 3 === 0 }))).toEqual([6, 3]);
  });

  test("pageOf pages a list in its own order", () => {
    expect(ids(pageOf(odds, { order: "desc", offset: 1, limit: 2 }))).toEqual([7, 5]);
    expect(ids(pageOf(odds, { order: "asc", offset: 4, limit: 2 }))).toEqual([9]);
  });
});
