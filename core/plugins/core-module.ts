import type { RequestHandler, Router } from 'express';
import type { Container, ContainerModule } from 'inversify';
import type { Contribution } from '../plugin-api/extension-points';
import type { JobDefinition } from '../platform/queue';
import type { LargeBodyRoute } from '../platform/request-body';

/**
 * A core domain as the host loads it, the way it loads a plugin: its bindings, routes, jobs and contributions. The
 * host goes through CORE_MODULES (core/host/core-modules.ts) in order, then through the plugins in dependency order.
 * A core module is always on: nothing of it is gated by a workspace's plugin switches.
 */
export interface CoreModule {
  /** Prefixes the module's job names (`<id>.<job>`), as a plugin's id prefixes its own. */
  id: string;
  containerModule?: ContainerModule;
  /** Routes under `{app}/api/v1`, behind the session and CSRF guard, ahead of the plugins' routes. */
  apiRoutes?(container: Container): Router;
  /** Routes under `{app}` outside the API (sign-in, plain links), behind the session and CSRF guard. */
  appRoutes?(container: Container): Router;
  /**
   * Routes that take bodies over the general 100 KB, by path under `{app}`: only these get such a body past the parser,
   * and each reads it behind its own gates (`readLargeBody`, or a multipart reader).
   */
  largeBodyRoutes?: readonly LargeBodyRoute[];
  /** Runs on `POST {app}/auth/logout` ahead of the sign-out itself, while the session is still there to read. */
  signOutHandler?(container: Container): RequestHandler;
  /**
   * Responses held open for hours (event streams) under `{app}/api/v1`: mounted ahead of compression and the API's
   * body parsing with only the session middleware they need, and ended before the HTTP server closes.
   */
  streams?: {
    routes(container: Container, session: RequestHandler): Router;
    close(container: Container): Promise<void>;
  };
  /** Jobs the worker role runs; unlike a plugin's, never skipped by a workspace's plugin switches. */
  jobs?(container: Container): JobDefinition[];
  /** A service the worker role runs beside its jobs (a local server they use): started before them, stopped after them. */
  workerService?: {
    start(container: Container): Promise<void>;
    stop(container: Container): Promise<void>;
  };
  /** Contributions to extension points, in every workspace, attributed to `core`. */
  contributes?: readonly Contribution[];
}

/** The core modules' contributions, in module order (bound by the host, read by `TOKENS.Contributions`). */
export const CORE_CONTRIBUTIONS = Symbol.for('core.CoreContributions');
