import type { Request, Response } from 'express';
import type { Container, ContainerModule } from 'inversify';
import type { Membership, SessionUser } from '../platform/http';
import type { Role } from '../platform/identity';
import type { JobDefinition } from '../platform/queue';
import type { Contribution, ExtensionPoint } from './extension-points';

export interface PluginRouteContext {
  user: SessionUser;
  membership: Membership;
  /** Whether the member's role holds a permission (core or declared in any manifest). */
  can(permission: string): boolean;
  /** A plugin's settings in the member's workspace (this route's plugin when no id is given), saved values over the defaults. */
  settings: <T = Record<string, unknown>>(pluginId?: string) => Promise<T>;
  container: Container;
  /**
   * For a feature built on a plugin of `requires.optional`: resolves when that plugin is installed and enabled in the
   * member's workspace, else throws 404 `The <Name> plugin is not enabled for this workspace`.
   */
  requirePlugin(pluginId: string): Promise<void>;
}

/** A returned value is sent as JSON with status 200; a handler that sends its own response returns nothing. */
export type PluginRouteHandler = (req: Request, res: Response, context: PluginRouteContext) => unknown;

export interface PluginRouteOptions {
  /** Permission the member's role must hold; membership alone suffices when absent. */
  permission?: string;
  /** The refusal's wording when the spec has its own for this route (403 otherwise says the generic one). */
  forbiddenMessage?: string;
  /**
   * A JSON body larger than the general 100 KB, up to this size (`'5mb'`), read only after every gate has passed;
   * such a route's callers name the workspace in the query, as the body is not read before the workspace gate.
   */
  bodyLimit?: string;
}

/**
 * Every route a plugin declares sits behind session -> workspace membership -> plugin enabled -> permission,
 * in that order; there is no way to declare one without those gates.
 */
export interface PluginRouter {
  get(path: string, options: PluginRouteOptions, handler: PluginRouteHandler): void;
  post(path: string, options: PluginRouteOptions, handler: PluginRouteHandler): void;
  put(path: string, options: PluginRouteOptions, handler: PluginRouteHandler): void;
  patch(path: string, options: PluginRouteOptions, handler: PluginRouteHandler): void;
  delete(path: string, options: PluginRouteOptions, handler: PluginRouteHandler): void;
}

/**
 * Payload of a plugin job: the workspace it works for, so the host can skip workspaces where the plugin is off. The one
 * exception is a job named by a schedule without `perWorkspace`, which runs for the whole installation with `{}`.
 */
export interface PluginJobPayload {
  workspaceId: number;
}

export type PluginJob = JobDefinition<PluginJobPayload & Record<string, unknown>>;

/** A member of the demo workspace besides its owner; a CLIENT member stands for the clients the core linked them to. */
export interface DemoTeamMember extends SessionUser {
  role: Role;
}

/** What a plugin's demo seed works with: the demo workspace (as its owner), its team and the demo clients already made. */
export interface PluginDemoSeedContext {
  container: Container;
  membership: Membership;
  owner: SessionUser;
  /** The workspace's other members, staff and CLIENT: whom demo work can be given to besides the owner. */
  team: DemoTeamMember[];
  clients: { externalId: string; name: string }[];
}

export interface PluginDefinition {
  /** Must equal the manifest's id. */
  id: string;
  /** Binds the plugin's services; tokens listed in `exports` become injectable by plugins that require this one. */
  containerModule?: ContainerModule;
  routes?: (router: PluginRouter) => void;
  /** The plugin's jobs, or a function of the container that makes them (for handlers that use the plugin's services). */
  jobs?: PluginJob[] | ((container: Container) => PluginJob[]);
  exports?: symbol[];
  /** Extension points this plugin offers to others, declared with `createExtensionPoint` in its `server/tokens.ts`. */
  extensionPoints?: ExtensionPoint<unknown>[];
  /** What the plugin adds to the core's and other plugins' extension points: `point.contribute(value)`, any number each. */
  contributes?: Contribution[];
  /** Adds sample data to a fresh demo workspace where the plugin is enabled (`npm start` on an empty database). */
  seedDemo?: (context: PluginDemoSeedContext) => Promise<void>;
}

export const PLUGIN_DEFINITION_MARKER = Symbol.for('core.PluginDefinition');

export type DefinedPlugin = PluginDefinition & { [PLUGIN_DEFINITION_MARKER]: true };

export function definePlugin(definition: PluginDefinition): DefinedPlugin {
  return { ...definition, [PLUGIN_DEFINITION_MARKER]: true };
}

export function jobsOf(definition: PluginDefinition | null, container: Container): PluginJob[] {
  const jobs = definition?.jobs ?? [];
  return typeof jobs === 'function' ? jobs(container) : jobs;
}

export function isDefinedPlugin(value: unknown): value is DefinedPlugin {
  return typeof value === 'object' && value !== null && (value as DefinedPlugin)[PLUGIN_DEFINITION_MARKER] === true;
}
