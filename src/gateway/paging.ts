import * as z from "zod";

/** Largest offset accepted (nine digits: a page far beyond any store this double holds). */
const MAX_OFFSET = 999_999_999;

/**
 * An integer sent as a query string, from `min` to `max`. Every failure (not digits, out of range)
 * answers the same words, so one page-size rule reads the same on every list (issue 12).
 */
function intParam(min: number, max: number) {
  const problem = `must be an integer from ${min} to ${max}`;
  return z
    .string()
    .regex(/^\d{1,9}$/, problem)
    .transform(Number)
    .refine((n) => n >= min && n <= max, problem);
}

/**
 * A page size (`limit`, `take`, `Take`): 1 to `max`. Zero is refused on every list like any value
 * out of range (a page of nothing is never what a caller meant).
 */
export const pageSize = (max: number) => intParam(1, max);

/** A page offset (`offset`, `skip`, `Skip`): 0 or more. */
export const pageOffset = () => intParam(0, MAX_OFFSET);
import { offsetMeta, pageSizeMeta } from "./fields.js";

/**
 * `limit` / `offset` paging of the resource lists whose parameters the spec does not show
 * (payment tokens, users): the names `GET /v1/transactions` uses. Default 20, maximum 100.
 */
export const PAGE = { default: 20, max: 100 } as const;

export const limitOffset = {
  limit: pageSize(PAGE.max).optional().meta(pageSizeMeta(PAGE.max)),
  offset: pageOffset().optional().meta(offsetMeta),
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
