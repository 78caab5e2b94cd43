import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { ActivityService } from '../activity/activity-service';
import type { PluginRegistry } from '../plugins/plugin-registry';
import type { NotificationService } from '../notifications/notification-service';
import type { PluginManifest } from '../plugin-api/manifest';
import type { Config } from '../platform/config';
import { conflict, notFound } from '../platform/errors';
import type { EventBus } from '../platform/events';
import { TOKENS } from '../platform/tokens';
import { WORKSPACE_NOT_FOUND } from './access';

export const PLUGIN_SWITCHED_EVENT = 'workspace.plugin-switched';

export interface PluginSwitchedEvent {
  workspaceId: number;
  pluginId: string;
  enabled: boolean;
  actorUserId: number;
}

export const pluginNotEnabledMessage = (name: string) => `The ${name} plugin is not enabled for this workspace`;
export const pluginNotAvailableMessage = (name: string) => `The ${name} plugin is not available yet, so it cannot be switched on or off`;

/**
 * Which plugins are on for which workspace. A workspace without a row for a plugin (installed after the
 * workspace was made) gets the plugin's `defaultEnabled`. Switching never touches the plugin's data. A plugin that is
 * not available yet (no page built) keeps its stored switch, which takes effect once it is, and cannot be switched.
 */
/** What a plugin may ask about the switches (`TOKENS.WorkspacePlugins`), e.g. whether a plugin of its `requires.optional` is on. */
export interface WorkspacePluginStates {
  isEnabled(workspaceId: number, pluginId: string): Promise<boolean>;
}

@injectable()
export class WorkspacePluginsService implements WorkspacePluginStates {
  constructor(
    @inject(TOKENS.Knex) private readonly knex: Knex,
    @inject(TOKENS.PluginRegistry) private readonly registry: PluginRegistry,
    @inject(TOKENS.Activity) private readonly activity: ActivityService,
    @inject(TOKENS.Events) private readonly events: EventBus,
    @inject(TOKENS.Notifications) private readonly notifications: NotificationService,
    @inject(TOKENS.Config) private readonly config: Config,
  ) {}

  async states(workspaceId: number, trx?: Knex.Transaction): Promise<Map<string, boolean>> {
    const rows: { plugin_id: string; enabled: boolean }[] = await (trx ?? this.knex)('workspace_plugins')
      .where({ workspace_id: workspaceId })
      .select('plugin_id', 'enabled');
    const stored = new Map(rows.map((row) => [row.plugin_id, row.enabled]));
    return new Map(this.registry.manifests().map((manifest) => [manifest.id, stored.get(manifest.id) ?? manifest.defaultEnabled]));
  }

  async isEnabled(workspaceId: number, pluginId: string): Promise<boolean> {
    const manifest = this.registry.get(pluginId)?.manifest;
    if (!manifest) return false;
    const row = await this.knex('workspace_plugins').where({ workspace_id: workspaceId, plugin_id: pluginId }).first('enabled');
    return row ? Boolean(row.enabled) : manifest.defaultEnabled;
  }

  /** Ids of the workspaces where the plugin is on, in id order (the same default rule as `isEnabled`). */
  async enabledWorkspaceIds(pluginId: string, trx?: Knex.Transaction): Promise<number[]> {
    const manifest = this.registry.get(pluginId)?.manifest;
    if (!manifest) return [];
    return (trx ?? this.knex)('workspaces as w')
      .leftJoin('workspace_plugins as p', (join) => join.on('p.workspace_id', 'w.id').andOnVal('p.plugin_id', pluginId))
      .whereRaw('coalesce(p.enabled, ?)', [manifest.defaultEnabled])
      .orderBy('w.id')
      .pluck('w.id');
  }

  /** Records each installed plugin's default for a new workspace, so later changes of a default do not move it. */
  async initialize(workspaceId: number, trx: Knex.Transaction): Promise<void> {
    const rows = this.registry.manifests().map((manifest) => ({
      workspace_id: workspaceId,
      plugin_id: manifest.id,
      enabled: manifest.defaultEnabled,
    }));
    if (rows.length) await trx('workspace_plugins').insert(rows).onConflict(['workspace_id', 'plugin_id']).ignore();
  }

  async setEnabled(workspaceId: number, pluginId: string, enabled: boolean, actorUserId: number): Promise<void> {
    const manifest = this.registry.get(pluginId)?.manifest;
    if (!manifest) throw notFound('Plugin not found');
    if (!this.registry.isAvailable(pluginId)) throw conflict(pluginNotAvailableMessage(manifest.name));
    const switched = await this.knex.transaction(async (trx) => {
      // Serialises switches within one workspace, so two concurrent switches cannot break a dependency.
      const workspace = await trx('workspaces').where({ id: workspaceId }).forUpdate().first('id');
      if (!workspace) throw notFound(WORKSPACE_NOT_FOUND);
      const states = await this.states(workspaceId, trx);
      if (states.get(pluginId) === enabled) return false;
      if (enabled) this.assertRequirementsEnabled(manifest, states);
      else this.assertNoEnabledDependents(manifest, states);
      await trx('workspace_plugins')
        .insert({ workspace_id: workspaceId, plugin_id: pluginId, enabled, updated_by: actorUserId, updated_at: trx.fn.now() })
        .onConflict(['workspace_id', 'plugin_id'])
        .merge(['enabled', 'updated_by', 'updated_at']);
      await this.activity.record(
        {
          workspaceId,
          actorUserId,
          action: enabled ? 'plugin.enabled' : 'plugin.disabled',
          entityType: 'plugin',
          entityId: pluginId,
        },
        trx,
      );
      return true;
    });
    await this.events.publish<PluginSwitchedEvent>(PLUGIN_SWITCHED_EVENT, { workspaceId, pluginId, enabled, actorUserId });
    if (switched) await this.tellAdministrators(workspaceId, manifest, enabled, actorUserId);
  }

  /** A plugin switched on or off is news for the workspace's administrators, but not for the one who switched it. */
  private async tellAdministrators(workspaceId: number, manifest: PluginManifest, enabled: boolean, actorUserId: number): Promise<void> {
    const [workspace, actor] = await Promise.all([
      this.knex('workspaces').where({ id: workspaceId }).first('external_id'),
      this.knex('users').where({ id: actorUserId }).first('name'),
    ]);
    if (!workspace) return;
    const verb = enabled ? 'enabled' : 'disabled';
    await this.notifications.raiseBestEffort(
      workspaceId,
      { permission: 'manage_plugins' },
      {
        eventType: 'SYSTEM_INFO',
        title: enabled ? 'Plugin enabled' : 'Plugin disabled',
        message: `${actor?.name ?? 'A member'} ${verb} the ${manifest.name} plugin.`,
        priority: 'low',
        actionUrl: `${this.config.basePath}/w/${workspace.external_id}/settings/plugins`,
      },
      { exceptUserIds: [actorUserId] },
    );
  }

  private nameOf(id: string): string {
    return this.registry.get(id)?.manifest.name ?? id;
  }

  private assertRequirementsEnabled(manifest: PluginManifest, states: Map<string, boolean>): void {
    const missing = manifest.requires.plugins.filter((id) => !states.get(id));
    if (missing.length) {
      const names = missing.map((id) => this.nameOf(id)).join(', ');
      throw conflict(`The ${manifest.name} plugin requires the ${names} plugin. Enable ${names} first.`);
    }
  }

  private assertNoEnabledDependents(manifest: PluginManifest, states: Map<string, boolean>): void {
    const dependents = this.registry.dependentsOf(manifest.id).filter((dependent) => states.get(dependent.id));
    if (dependents.length) {
      const names = dependents.map((dependent) => dependent.name).join(', ');
      throw conflict(`The ${manifest.name} plugin is required by the ${names} plugin. Disable ${names} first.`);
    }
  }
}
