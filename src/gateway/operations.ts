import { clientRoutes } from "./clients/routes.js";
import { transactionRoutes } from "./transactions/routes.js";
import { batchRoutes } from "./batches/routes.js";
import type { Operation } from "./operation.js";
import { integrationRoutes } from "./integrations/routes.js";
import { paymentTokenRoutes } from "./payment-tokens/routes.js";
import { mfaRoutes, userRoutes } from "./users/routes.js";

/** Every `/v1` operation, in the order the HTTP layer registers them and OpenAPI lists them. */
export const OPERATIONS: readonly Operation[] = [
  ...clientRoutes,
  ...integrationRoutes,
  ...paymentTokenRoutes,
  ...userRoutes,
  ...mfaRoutes,
  ...transactionRoutes,
  ...batchRoutes,
];
