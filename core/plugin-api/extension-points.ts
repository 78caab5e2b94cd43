import type { Container } from 'inversify';
import type { Knex } from 'knex';
import { z, type ZodType } from 'zod';
import type { Role } from '../platform/identity';
import type { WorkspaceRef } from '../platform/http';
import type { SecretColumn } from '../platform/key-rotation';

/**
 * A typed place where plugins add behaviour. The core declares its points here; a plugin declares its own points
 * (a notices plugin's portal connectors, an integrations plugin's providers) with the same `createExtensionPoint`
 * in its `server/tokens.ts`, so another plugin extends it exactly as it extends the core.
 */
export interface ExtensionPoint<T> {
  readonly id: string;
  /** What gathers the contributions, and when. */
  readonly description: string;
  /** Checks each contribution's shape at start-up; a mismatch stops start-up naming the plugin and the problem. */
  readonly schema: ZodType;
  contribute(value: T): Contribution<T>;
}

export interface Contribution<T = unknown> {
  readonly point: string;
  readonly value: T;
}

const EXTENSION_POINT_ID = /^[a-z][a-zA-Z0-9]*(\.[a-z][a-zA-Z0-9]*)*$/;

export function createExtensionPoint<T>(id: string, options: { description: string; schema?: ZodType }): ExtensionPoint<T> {
  if (!EXTENSION_POINT_ID.test(id)) throw new Error(`Extension point id "${id}" must be camelCase words joined by dots`);
  return {
    id,
    description: options.description,
    schema: options.schema ?? z.unknown(),
    contribute: (value) => ({ point: id, value }),
  };
}

/** Who a provider answers for: the workspace, and the signed-in member asking (a CLIENT member sees only their clients). */
export interface MemberContext {
  workspace: WorkspaceRef;
  member: { userId: number; email: string; role: Role };
  /** Whether the member's role holds a permission. */
  can(permission: string): boolean;
  /** A plugin's settings in this workspace (the contributing plugin's own when no id is given), stored values over the defaults. */
  settings: <T = Record<string, unknown>>(pluginId?: string) => Promise<T>;
  /** The host's container: the plugin's own services and the core services it may inject. */
  container: Container;
}

const identifier = z.string().regex(/^[a-z][a-zA-Z0-9]*$/, 'must be a camelCase identifier');
const callable = z.custom<(...args: never[]) => unknown>((value) => typeof value === 'function', 'must be a function');

// ---------------------------------------------------------------------------------------------------------------
// dashboard: `GET dashboard/stats`, `GET dashboard/recent` and `GET dashboard/graphs` (spec 1 section 7) ask every
// enabled plugin's providers on each request; the answer is an object keyed by each provider's `id`.

export interface DashboardStat {
  /** Key in the `stats` object, e.g. `totalDocuments`. */
  id: string;
  label: string;
  value(context: MemberContext): Promise<number | null>;
}

export interface DashboardRecentList<Item = unknown> {
  /** Key in the answer, e.g. `recentNotices`. */
  id: string;
  items(context: MemberContext, limit: number): Promise<Item[]>;
}

export interface DashboardGraph<Series = unknown> {
  /** Key in the answer, e.g. `taskStats`. */
  id: string;
  series(context: MemberContext): Promise<Series>;
}

export interface DashboardContribution {
  stats?: DashboardStat[];
  recent?: DashboardRecentList[];
  graphs?: DashboardGraph[];
}

const dashboardEntry = (method: string) => z.object({ id: identifier, [method]: callable }).loose();

export const dashboardPoint = createExtensionPoint<DashboardContribution>('dashboard', {
  description:
    'Gathered by GET dashboard/stats, dashboard/recent and dashboard/graphs on every request, from the plugins enabled for the workspace; each provider isolated, within 5 s.',
  schema: z
    .object({
      stats: z.array(dashboardEntry('value').extend({ label: z.string().min(1) })).optional(),
      recent: z.array(dashboardEntry('items')).optional(),
      graphs: z.array(dashboardEntry('series')).optional(),
    })
    .strict(),
});

// ---------------------------------------------------------------------------------------------------------------
// search: `GET search?workspaceId&q` asks every enabled plugin's providers at once, each within a time budget.

export interface SearchHit {
  /** What kind of record, e.g. `task`; the web app picks a renderer by it. */
  type: string;
  id: string;
  title: string;
  subtitle?: string;
  /** Where the hit opens in the web app, under `{app}`. */
  url: string;
}

export interface SearchProvider {
  id: string;
  search(query: string, context: MemberContext, limit: number): Promise<SearchHit[]>;
}

export const searchPoint = createExtensionPoint<SearchProvider>('search', {
  description: 'Asked by GET search for each query, in parallel, each provider within its own time budget of 1.5 s.',
  schema: z.object({ id: identifier, search: callable }).strict(),
});

// ---------------------------------------------------------------------------------------------------------------
// calendar: `GET calendar?workspaceId&from&to` gathers dated items from every enabled plugin's sources.

export interface CalendarItem {
  /** What kind of item, e.g. `task-due`, `dsc-expiry`, `compliance-deadline`. */
  type: string;
  id: string;
  title: string;
  /** A calendar date in Asia/Kolkata, `YYYY-MM-DD`. */
  date: string;
  url?: string;
}

export interface CalendarSource {
  id: string;
  /** Items dated from `from` to `to`, both included (`YYYY-MM-DD`). */
  items(range: { from: string; to: string }, context: MemberContext): Promise<CalendarItem[]>;
}

export const calendarPoint = createExtensionPoint<CalendarSource>('calendar', {
  description: 'Asked by GET calendar for the requested date range (at most 366 days), in parallel, each source within 5 s.',
  schema: z.object({ id: identifier, items: callable }).strict(),
});

// ---------------------------------------------------------------------------------------------------------------
// clientLifecycle: run by the clients domain inside the transaction that deletes a client.

export interface ClientBeingDeleted {
  workspaceId: number;
  /** The client's serial id, for the plugin's own foreign keys. */
  id: number;
  externalId: string;
  name: string;
}

/** What a clientLifecycle hook may use besides the transaction: who is deleting, and the services to record it with. */
export interface ClientLifecycleContext {
  /** The member deleting the client, for the activity entries the hook records. */
  actorUserId: number;
  /** The host's container: the plugin's own services and the core's (`TOKENS.Activity`, ...). */
  container: Container;
}

export interface ClientLifecycleHooks {
  /**
   * Runs inside the deleting transaction, before the client row goes. Remove or detach the plugin's records with
   * `trx`, or return `{ refuse: '2 open tasks belong to this client' }` to stop the deletion with a 409
   * (`Cannot delete this client: 2 open tasks belong to this client`). A thrown HttpError is answered as it is; any
   * other error is logged and answered 409 naming the plugin. Either way nothing of the deletion is kept.
   */
  beforeDelete(client: ClientBeingDeleted, trx: Knex.Transaction, context: ClientLifecycleContext): Promise<void | { refuse: string }>;
}

export const clientLifecyclePoint = createExtensionPoint<ClientLifecycleHooks>('clientLifecycle', {
  description: 'Run inside the transaction of DELETE clients/{id}, for every installed plugin, enabled or not.',
  schema: z.object({ beforeDelete: callable }).strict(),
});

// ---------------------------------------------------------------------------------------------------------------
// schedules: recurring jobs the worker role runs, once per slot however many workers are up.

export interface ScheduleDefinition {
  /** The plugin's job (`jobs[].name`) that each slot enqueues. */
  name: string;
  /** `day at 02:00`, `hour at :15`, or a cron expression of five fields (six with seconds first). Checked at start-up. */
  every: string;
  /** IANA zone the expression is read in; `Asia/Kolkata` when absent. */
  timezone?: string;
  /** One job per workspace where the plugin is enabled (payload `{ workspaceId }`), instead of one job (payload `{}`). */
  perWorkspace?: boolean;
}

export const schedulesPoint = createExtensionPoint<ScheduleDefinition>('schedules', {
  description: 'Read at start-up by the scheduler of the worker role; each slot enqueues the named job once.',
  schema: z
    .object({ name: z.string().min(1), every: z.string().min(1), timezone: z.string().min(1).optional(), perWorkspace: z.boolean().optional() })
    .strict(),
});

// ---------------------------------------------------------------------------------------------------------------
// settings: a plugin's per-workspace settings, stored by the core and edited on the Settings page.

export interface PluginSettingsDefinition<Shape extends z.ZodRawShape = z.ZodRawShape> {
  /** Every field has a default, so a workspace that never saved the form reads the defaults. */
  schema: z.ZodObject<Shape>;
  /** Labels and help of the generic form's fields; a plugin that contributes a `settingsPanel` from its remote may omit them. */
  fields?: Partial<Record<keyof Shape & string, { label: string; help?: string }>>;
}

export const settingsPoint = createExtensionPoint<PluginSettingsDefinition>('settings', {
  description:
    'Read by GET/PUT workspaces/{id}/plugins/{pluginId}/settings (owners and admins, while the plugin is enabled), by context.settings(pluginId) and by TOKENS.PluginSettings; at most one per plugin.',
  schema: z
    .object({
      schema: z
        .instanceof(z.ZodObject)
        .refine((schema) => schema.safeParse({}).success, 'every field needs a default, which a workspace that never saved the form reads'),
      fields: z.record(z.string(), z.object({ label: z.string(), help: z.string().optional() })).optional(),
    })
    .strict(),
});

// ---------------------------------------------------------------------------------------------------------------
// notificationEventTypes: the event types of the notifications a plugin raises.

export const notificationEventTypesPoint = createExtensionPoint<string[]>('notificationEventTypes', {
  description: 'Read at start-up by the notifications service, which refuses to raise an undeclared event type.',
  schema: z.array(z.string().regex(/^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/, 'must be upper snake case, e.g. DSC_EXPIRING')),
});

// ---------------------------------------------------------------------------------------------------------------
// secrets: the columns a plugin stores ciphertexts of TOKENS.Crypto in, which `npm run rotate-keys` re-encrypts.

export type { SecretColumn } from '../platform/key-rotation';

const sqlName = z.string().regex(/^[a-z_][a-z0-9_]{0,62}$/, 'must be a lower-case SQL name');

export const secretsPoint = createExtensionPoint<SecretColumn>('secrets', {
  description:
    'Read by `npm run rotate-keys`, which re-encrypts every value of the column made with another key under the current one, in batches, with the context associatedData gives for its row. A plugin names only its own tables.',
  schema: z
    .object({ table: sqlName, column: sqlName, idColumn: sqlName.optional(), contextColumns: z.array(sqlName), associatedData: callable })
    .strict(),
});

/** The core's points, checked at start-up against every plugin's `contributes`. */
export const CORE_EXTENSION_POINTS: readonly ExtensionPoint<never>[] = [
  dashboardPoint,
  searchPoint,
  calendarPoint,
  clientLifecyclePoint,
  schedulesPoint,
  settingsPoint,
  notificationEventTypesPoint,
  secretsPoint,
] as ExtensionPoint<never>[];
