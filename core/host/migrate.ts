import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Knex } from 'knex';
import type { Logger } from '../platform/logger';
import type { LoadedPlugin } from '../plugins/plugin-registry';

/** Reads migrations straight from a folder of .ts files, so plugins and core share one loader under tsx. */
class FolderMigrationSource implements Knex.MigrationSource<string> {
  constructor(private readonly dir: string) {}

  async getMigrations(): Promise<string[]> {
    if (!existsSync(this.dir)) return [];
    return readdirSync(this.dir)
      .filter((file) => /^\d{14}_[\w-]+\.ts$/.test(file))
      .sort();
  }

  getMigrationName(file: string): string {
    return file;
  }

  async getMigration(file: string): Promise<Knex.Migration> {
    return (await import(pathToFileURL(path.join(this.dir, file)).href)) as Knex.Migration;
  }
}

export const migrationsTableOf = (pluginId: string) => `knex_migrations_${pluginId.replaceAll('-', '_')}`;

/** Core first, then each plugin in dependency order, each plugin in its own migrations table. */
export async function migrateAll(knex: Knex, coreMigrationsDir: string, plugins: LoadedPlugin[], logger: Logger): Promise<void> {
  const targets = [
    { name: 'core', dir: coreMigrationsDir, tableName: 'knex_migrations' },
    ...plugins.map((plugin) => ({
      name: plugin.manifest.id,
      dir: path.join(plugin.dir, 'migrations'),
      tableName: migrationsTableOf(plugin.manifest.id),
    })),
  ];
  for (const target of targets) {
    const [, applied] = (await knex.migrate.latest({
      migrationSource: new FolderMigrationSource(target.dir),
      tableName: target.tableName,
    })) as [number, string[]];
    if (applied.length) logger.info({ migrations: applied, target: target.name }, 'migrations applied');
  }
}
