import { isDeepStrictEqual } from 'node:util';
import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { z } from 'zod';
import type { ActivityService } from '../activity/activity-service';
import { PluginLoadError } from '../plugins/plugin-discovery';
import type { PluginRegistry } from '../plugins/plugin-registry';
import { badRequest, notFound, validationError } from '../platform/errors';
import type { Logger } from '../platform/logger';
import { TOKENS } from '../platform/tokens';
import { settingsPoint, type PluginSettingsDefinition } from '../plugin-api/extension-points';
import { WORKSPACE_NOT_FOUND } from '../workspaces/access';

export const PLUGIN_SETTINGS_TABLE = 'workspace_plugin_settings';

export type SettingsValues = Record<string, unknown>;

/** `TOKENS.PluginSettings`, for jobs and services; a plugin's route handlers read through `context.settings()`. */
export interface PluginSettings {
  /** The plugin's settings in the workspace: the values saved there over the schema's defaults. */
  read<T = SettingsValues>(workspaceId: number, pluginId: string): Promise<T>;
  /** Replaces what the workspace saved, as the Settings page does: checked against the schema and logged as `actorUserId`'s change. */
  save(workspaceId: number, pluginId: string, values: SettingsValues, actorUserId: number): Promise<SettingsValues>;
}

/**
 * Each plugin's per-workspace settings, declared by its `settings` contribution (a zod object whose every field has a
 * default) and kept in one core table. Only the fields a workspace saved are stored, so a field added to the schema
 * later, or a default changed, reaches every workspace that never set it.
 */
@injectable()
export class PluginSettingsService implements PluginSettings {
  private readonly definitions = new Map<string, PluginSettingsDefinition>();
  private readonly jsonSchemas = new Map<string, Record<string, unknown>>();

  constructor(
    @inject(TOKENS.Knex) private readonly knex: Knex,
    @inject(TOKENS.PluginRegistry) registry: PluginRegistry,
    @inject(TOKENS.Activity) private readonly activity: ActivityService,
    @inject(TOKENS.Logger) private readonly logger: Logger,
  ) {
    const twice = new Set<string>();
    for (const { pluginId, value } of registry.contributions(settingsPoint)) {
      if (this.definitions.has(pluginId)) twice.add(pluginId);
      this.definitions.set(pluginId, value);
    }
    if (twice.size) throw new PluginLoadError([...twice].map((pluginId) => `Plugin ${pluginId}: contributes settings more than once`));
  }

  definitionOf(pluginId: string): PluginSettingsDefinition | undefined {
    return this.definitions.get(pluginId);
  }

  /** The settings as JSON Schema, for the Settings page's generic form; parts JSON Schema cannot express read as `{}`. */
  jsonSchemaOf(pluginId: string): Record<string, unknown> {
    let schema = this.jsonSchemas.get(pluginId);
    if (!schema) {
      schema = z.toJSONSchema(this.definitionNamed(pluginId).schema, { unrepresentable: 'any' }) as Record<string, unknown>;
      this.jsonSchemas.set(pluginId, schema);
    }
    return schema;
  }

  async read<T = SettingsValues>(workspaceId: number, pluginId: string): Promise<T> {
    const definition = this.definitionNamed(pluginId);
    return this.merged(pluginId, definition, await this.stored(this.knex, workspaceId, pluginId)) as T;
  }

  /**
   * Replaces what the workspace saved with `values`, checked against the schema (400 with `details` per field); the
   * fields left out read their defaults. Answers the settings as `read` will, and logs which fields changed.
   */
  async save(workspaceId: number, pluginId: string, values: SettingsValues, actorUserId: number): Promise<SettingsValues> {
    const definition = this.definitionNamed(pluginId);
    const unknown = Object.keys(values).filter((key) => !(key in definition.schema.shape));
    if (unknown.length) {
      throw badRequest(`Unknown setting: ${unknown[0]}`, Object.fromEntries(unknown.map((key) => [key, ['Unknown setting']])));
    }
    const parsed = definition.schema.safeParse(values);
    if (!parsed.success) throw validationError(parsed.error);
    const settings = parsed.data as SettingsValues;
    const saved = Object.fromEntries(Object.keys(values).map((key) => [key, settings[key]]));
    return this.knex.transaction(async (trx) => {
      // Holds the workspace while writing: a deletion racing the save either waits or has won, and then this is a 404.
      const workspace = await trx('workspaces').where({ id: workspaceId }).forShare().first('id');
      if (!workspace) throw notFound(WORKSPACE_NOT_FOUND);
      const before = this.merged(pluginId, definition, await this.stored(trx, workspaceId, pluginId));
      await trx(PLUGIN_SETTINGS_TABLE)
        .insert({ workspace_id: workspaceId, plugin_id: pluginId, settings: JSON.stringify(saved), updated_by: actorUserId })
        .onConflict(['workspace_id', 'plugin_id'])
        .merge({ settings: JSON.stringify(saved), updated_by: actorUserId, updated_at: trx.fn.now() });
      await this.activity.record(
        {
          workspaceId,
          actorUserId,
          action: 'plugin.settings_changed',
          entityType: 'plugin',
          entityId: pluginId,
          // Names only: a setting may be something a workspace would not want copied into its audit trail.
          metadata: { changed: Object.keys(settings).filter((key) => !isDeepStrictEqual(before[key], settings[key])) },
        },
        trx,
      );
      return settings;
    });
  }

  private definitionNamed(pluginId: string): PluginSettingsDefinition {
    const definition = this.definitions.get(pluginId);
    if (!definition) throw new Error(`Plugin ${pluginId} contributes no settings`);
    return definition;
  }

  private async stored(db: Knex | Knex.Transaction, workspaceId: number, pluginId: string): Promise<SettingsValues> {
    const row = await db(PLUGIN_SETTINGS_TABLE).where({ workspace_id: workspaceId, plugin_id: pluginId }).first('settings');
    return (row?.settings as SettingsValues | undefined) ?? {};
  }

  private merged(pluginId: string, definition: PluginSettingsDefinition, stored: SettingsValues): SettingsValues {
    const parsed = definition.schema.safeParse(stored);
    if (parsed.success) return parsed.data as SettingsValues;
    // A value saved under an earlier schema that no longer fits it reads the field's default, rather than failing every reader.
    const unfit = new Set(parsed.error.issues.map((issue) => String(issue.path[0])));
    this.logger.warn({ pluginId, fields: [...unfit] }, 'saved plugin settings no longer fit the schema; those fields read their defaults');
    return definition.schema.parse(Object.fromEntries(Object.entries(stored).filter(([key]) => !unfit.has(key)))) as SettingsValues;
  }
}
