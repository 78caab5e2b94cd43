import type { Request, Response } from 'express';

/**
 * Starts a server-sent stream on `res`: headers that keep compression and proxies from holding events back
 * (no-transform, X-Accel-Buffering), sent at once, Nagle off so each event leaves as it is written, and the delay the
 * browser waits before reconnecting.
 */
export function startEventStream(req: Request, res: Response, retryMs: number): void {
  req.socket.setNoDelay(true);
  req.socket.setKeepAlive(true);
  res.status(200).set({
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-cache, no-transform',
    Connection: 'keep-alive',
    'X-Accel-Buffering': 'no',
  });
  res.flushHeaders();
  res.write(`retry: ${retryMs}\n\n`);
}
