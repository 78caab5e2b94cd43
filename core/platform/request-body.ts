import express, { type Request, type RequestHandler, type Router } from 'express';
import { HttpError } from './errors';
import type { Middleware } from './http';

/** Bodies up to this size are parsed for every route, ahead of the session: cheap enough for anyone to send. */
export const GENERAL_BODY_LIMIT_BYTES = 100 * 1024;

export const BODY_TOO_LARGE = 'Request body is too large';

/** A route that takes JSON bodies over the general limit, up to `limit` (`'12mb'`); its path as its router names it. */
export interface LargeBodyRoute {
  method: 'post' | 'put' | 'patch' | 'delete';
  path: string;
  limit: string;
}

/** The limit of the large-body route a request is for, set when `largeBodyRoutes` recognises it. */
const acceptedLimits = new WeakMap<Request, string>();
/** Requests whose large body is still unread, waiting for `readLargeBody` behind their route's gates. */
const deferredBodies = new WeakSet<Request>();

const parsers = new Map<string, RequestHandler>();
function jsonParser(limit: string | number): RequestHandler {
  const key = String(limit);
  if (!parsers.has(key)) parsers.set(key, express.json({ limit }));
  return parsers.get(key)!;
}

function declaresLargeBody(req: Request): boolean {
  // Without a Content-Length (a chunked body) the general parser reads at most its limit and then answers 413.
  return Number(req.get('content-length') ?? 0) > GENERAL_BODY_LIMIT_BYTES;
}

/** Until the route reads the body, touching `req.body` (e.g. the workspace gate looking for `workspaceId`) answers 413. */
function guardUnreadBody(req: Request): void {
  Object.defineProperty(req, 'body', {
    configurable: true,
    get() {
      throw new HttpError(413, BODY_TOO_LARGE);
    },
    set(value: unknown) {
      Object.defineProperty(req, 'body', { configurable: true, enumerable: true, writable: true, value });
    },
  });
}

/** Recognises the requests of the routes that take large bodies; mounted ahead of `generalJsonBody`, in the router their paths are relative to. */
export function largeBodyRoutes(routes: readonly LargeBodyRoute[]): Router {
  const router = express.Router();
  for (const { method, path, limit } of routes) {
    router[method](path, (req, _res, next) => {
      acceptedLimits.set(req, limit);
      next();
    });
  }
  return router;
}

/**
 * The parser in front of every route: JSON bodies up to GENERAL_BODY_LIMIT_BYTES. A request that declares a larger
 * body is answered 413 at once, unread, unless its route takes large bodies: then the body is left unread for
 * `readLargeBody`, which the route places after its gates, so an anonymous caller never makes the server buffer or
 * parse megabytes.
 */
export function generalJsonBody(): Middleware {
  const parse = jsonParser(GENERAL_BODY_LIMIT_BYTES);
  return (req, res, next) => {
    if (!declaresLargeBody(req)) {
      parse(req, res, next);
      return;
    }
    if (!acceptedLimits.has(req)) throw new HttpError(413, BODY_TOO_LARGE);
    deferredBodies.add(req);
    guardUnreadBody(req);
    next();
  };
}

/**
 * Placed after the gates (session, membership, permission) of a route listed in `largeBodyRoutes`: reads the JSON
 * body the general parser left unread, up to the route's limit (413 beyond). Such a route names its workspace in the
 * path or query, since the workspace gate runs before the body is read.
 */
export const readLargeBody: Middleware = (req, res, next) => {
  if (!deferredBodies.delete(req)) return next();
  Reflect.deleteProperty(req, 'body');
  jsonParser(acceptedLimits.get(req)!)(req, res, next);
};
