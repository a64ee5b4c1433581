import type { Server } from "node:http";
import type { Http2Server } from "node:http2";

/** How long requests in flight get before their sockets are closed. */
export const GRACE_MS = 2000;

interface Closable {
  close(callback?: (err?: Error) => void): unknown;
  closeIdleConnections?: () => void;
  closeAllConnections?: () => void;
}

/**
 * Stops listening and ends every connection within {@link GRACE_MS}: idle keep-alive sockets at
 * once, requests still in flight (a `transport: hang` reply, a `delay_ms`, a body that never comes)
 * when the grace period ends, so `docker stop` never has to fall back to SIGKILL. Resolves once the
 * server is closed.
 */
export function closeGracefully(server: Server | Http2Server | Closable, graceMs = GRACE_MS): Promise<void> {
  const s = server as Closable;
  return new Promise((resolve) => {
    const timer = setTimeout(() => s.closeAllConnections?.(), graceMs);
    timer.unref();
    s.close(() => {
      clearTimeout(timer);
      resolve();
    });
    s.closeIdleConnections?.();
  });
}
