import { clientRoutes } from "./clients/routes.js";
import type { Operation } from "./operation.js";

/** Every `/v1` operation, in the order the HTTP layer registers them and OpenAPI lists them. */
export const OPERATIONS: readonly Operation[] = [...clientRoutes];
