/**
 * The CLI's first import (src/main.ts), so it runs before @hono/node-server reads the web globals at
 * import: see deferred-web.ts.
 */
import { deferWebClasses } from "./deferred-web.js";

deferWebClasses();
