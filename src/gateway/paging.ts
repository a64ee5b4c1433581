import { z } from "zod";
import { intString, offsetMeta, pageSizeMeta } from "./fields.js";

/**
 * `limit` / `offset` paging of the resource lists whose parameters the spec does not show
 * (payment tokens, users): the names `GET /v1/transactions` uses. Default 20, maximum 100.
 */
export const PAGE = { default: 20, max: 100 } as const;

export const limitOffset = {
  limit: intString("limit", PAGE.max).optional().meta(pageSizeMeta(PAGE.max)),
  offset: intString("offset").optional().meta(offsetMeta),
};

export interface Page<T> {
  rows: T[];
  total: number;
  limit: number;
  offset: number;
}

/** Cuts one page out of rows that are already filtered and sorted. */
export function pageOf<T>(rows: T[], q: { limit?: number; offset?: number }): Page<T> {
  const limit = q.limit ?? PAGE.default;
  const offset = q.offset ?? 0;
  return { rows: rows.slice(offset, offset + limit), total: rows.length, limit, offset };
}

/** The list envelope `{data, total_count, limit, offset}` (decisions table). */
export function pageToWire<T, W>(page: Page<T>, toWire: (row: T, correlationId: string) => W, correlationId: string) {
  return { data: page.rows.map((r) => toWire(r, correlationId)), total_count: page.total, limit: page.limit, offset: page.offset };
}

/** The response schema of that envelope. */
export function pageSchema<S extends z.ZodType>(row: S, id: string) {
  return z
    .object({ data: z.array(row), total_count: z.number().int(), limit: z.number().int(), offset: z.number().int() })
    .strict()
    .meta({ id });
}
