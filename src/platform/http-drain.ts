import type { IncomingMessage, Server, ServerResponse } from 'node:http';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * The API's requests in flight, so a shutdown can let them finish. Once draining, the listening
 * socket is closed, responses still to come say `Connection: close`, and a new request on a kept-alive
 * socket gets 503 (it was not in flight: the client may retry it elsewhere).
 */
export class HttpDrain {
  private readonly inFlight = new Set<ServerResponse>();
  private draining = false;
  private settled: (() => void) | null = null;

  wrap(handler: Handler): Handler {
    return (req, res) => {
      if (this.draining) {
        res.writeHead(503, { 'Content-Type': 'application/json', Connection: 'close', 'Retry-After': '5' });
        res.end(JSON.stringify({ message: 'The server is shutting down' }));
        return;
      }
      this.inFlight.add(res);
      res.once('close', () => {
        this.inFlight.delete(res);
        if (this.inFlight.size === 0) this.settled?.();
      });
      handler(req, res);
    };
  }

  /** Stops listening and waits for the requests in flight, up to `graceMs`; answers how many were cut. */
  async drain(server: Server, graceMs: number): Promise<number> {
    this.draining = true;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const res of this.inFlight) if (!res.headersSent) res.shouldKeepAlive = false;
    server.closeIdleConnections();
    if (this.inFlight.size > 0) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        new Promise<void>((resolve) => (this.settled = resolve)),
        new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs))),
      ]);
      clearTimeout(timer);
    }
    const cut = this.inFlight.size;
    // Nothing of the API runs now (or its time is up): what is left is idle keep-alive and real-time sockets.
    server.closeAllConnections();
    await closed;
    return cut;
  }
}
