import * as z from "zod";
import { DURATION_PATTERN, DURATION_TOO_LONG, isDuration } from "./duration.js";

/**
 * The one validated duration type of every input (clock advance, ticks, schedules, timelines,
 * settlement delays, the ACH-return helper): the ISO 8601 grammar, then the range the simulated
 * clock can hold, each with its own message naming the value.
 */
export function durationSchema(example = "P3D") {
  return z
    .string()
    .regex(DURATION_PATTERN, `must be an ISO 8601 duration such as ${example}`)
    .refine((text) => !DURATION_PATTERN.test(text) || isDuration(text), { error: (issue) => `${String(issue.input)} ${DURATION_TOO_LONG}` });
}
