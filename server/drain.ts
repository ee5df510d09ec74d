/**
 * Graceful stop of an HTTP/1.1 server with kept-alive connections (docs/operations.md "Faults
 * and recovery"). Node's `server.close()` stops accepting and closes the connections idle at that
 * instant, but a busy kept-alive connection goes on taking requests until the grace period ends,
 * and a connection whose next request is already on the wire is reset. Instead, once draining:
 * - every response not yet started (in flight or new) carries `Connection: close`, so each busy
 *   connection ends cleanly after its next response;
 * - a connection with no request in progress is closed once it has been quiet for
 *   {@link QUIET_MS} (at once for one that was already quiet), so a client that sent its next
 *   request just before the stop, or was slow to send it on a loaded machine, still gets an
 *   answer rather than a reset;
 * - after `graceMs` whatever is left is closed.
 */
import type http from "node:http";
import type { Socket } from "node:net";
import net from "node:net";

/** How long a connection must have had no request in progress before draining closes it. */
export const QUIET_MS = 1_000;

interface ConnectionState {
  inFlight: Set<http.ServerResponse>;
  /** When the last response ended (or the connection opened), ms since the epoch. */
  quietSince: number;
  /** socket.bytesRead then: more bytes since mean a request has started to arrive. */
  bytesAtQuiet: number;
}

/**
 * Starts tracking `server`'s connections; call before it takes requests.
 * @returns `drain(graceMs)`, which stops accepting and resolves once every connection has closed
 *   (at most `graceMs` later, when the rest are cut). Calling it again returns the same promise.
 */
export function trackConnections(server: http.Server): { drain(graceMs: number): Promise<void> } {
  const connections = new Map<Socket, ConnectionState>();
  let draining = false;

  server.on("connection", (socket: Socket) => {
    connections.set(socket, { inFlight: new Set(), quietSince: Date.now(), bytesAtQuiet: 0 });
    socket.once("close", () => connections.delete(socket));
  });
  server.prependListener("request", (req: http.IncomingMessage, res: http.ServerResponse) => {
    const state = connections.get(req.socket);
    if (draining) res.setHeader("Connection", "close");
    if (!state) return;
    state.inFlight.add(res);
    res.once("close", () => {
      state.inFlight.delete(res);
      state.quietSince = Date.now();
      state.bytesAtQuiet = req.socket.bytesRead;
    });
  });

  const closeQuiet = () => {
    const now = Date.now();
    for (const [socket, state] of connections) {
      const requestArriving = socket.bytesRead !== state.bytesAtQuiet;
      if (state.inFlight.size === 0 && !requestArriving && now - state.quietSince >= QUIET_MS) {
        socket.destroy();
      }
    }
  };

  let drained: Promise<void> | undefined;
  return {
    drain(graceMs) {
      drained ??= new Promise<void>((resolve) => {
        draining = true;
        for (const state of connections.values()) {
          for (const res of state.inFlight) {
            if (!res.headersSent) res.setHeader("Connection", "close");
          }
        }
        // net.Server's close: stop accepting without http.Server's immediate cut of every
        // connection that is idle at this instant (see the module comment).
        // Sweeps run in the check phase, after a poll phase has read what clients sent: after a
        // long event-loop stall a request may sit unread while its connection looks quiet.
        const sweep = setInterval(() => setImmediate(closeQuiet), 100);
        const cut = setTimeout(() => {
          for (const socket of connections.keys()) socket.destroy();
        }, graceMs);
        net.Server.prototype.close.call(server, () => {
          clearInterval(sweep);
          clearTimeout(cut);
          resolve();
        });
        setImmediate(closeQuiet);
      });
      return drained;
    },
  };
}
