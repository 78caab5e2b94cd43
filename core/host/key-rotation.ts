import type { Knex } from 'knex';
import type { CryptoService } from '../platform/crypto';
import { rotateSecretColumns, type ColumnRotation, type SecretColumn } from '../platform/key-rotation';
import { secretsPoint } from '../plugin-api/extension-points';
import type { PluginManifest } from '../plugin-api/manifest';
import type { LoadedPlugin } from '../plugins/plugin-registry';
import { CORE_MODULES } from './core-modules';

/** A plugin's own tables: `<id>`, `<id>_*` (hyphens as underscores) and those its manifest lists. */
function ownsTable(manifest: PluginManifest, table: string): boolean {
  const prefix = manifest.id.replaceAll('-', '_');
  return table === prefix || table.startsWith(`${prefix}_`) || (manifest.tables ?? []).includes(table);
}

/**
 * The core's secret columns, then every installed plugin's (enabled anywhere or not: a switched-off plugin keeps its
 * data). A plugin that names a table it does not own stops the rotation before anything is rewritten.
 */
export function secretColumnsOf(plugins: readonly LoadedPlugin[]): SecretColumn[] {
  const core = CORE_MODULES.flatMap((module) => module.contributes ?? []).filter((contribution) => contribution.point === secretsPoint.id);
  const columns = core.map((contribution) => contribution.value as SecretColumn);
  const problems: string[] = [];
  for (const plugin of plugins) {
    for (const contribution of plugin.definition?.contributes ?? []) {
      if (contribution.point !== secretsPoint.id) continue;
      const secret = contribution.value as SecretColumn;
      if (ownsTable(plugin.manifest, secret.table)) columns.push(secret);
      else problems.push(`Plugin ${plugin.manifest.id}: its secrets contribution names ${secret.table}, a table it does not own`);
    }
  }
  if (problems.length) throw new Error(problems.join('\n'));
  return columns;
}

/** Re-encrypts every secret of the core and the plugins that another key made with the current key. */
export function rotateKeys(knex: Knex, crypto: CryptoService, plugins: readonly LoadedPlugin[]): Promise<ColumnRotation[]> {
  return rotateSecretColumns(knex, crypto, secretColumnsOf(plugins));
}

/** `clients.aadhaar_ciphertext: 3 rewritten`, and the values left unreadable when there are any. */
export function rotationReport(outcomes: readonly ColumnRotation[]): string[] {
  return outcomes.map(
    ({ table, column, rewritten, unreadable }) =>
      `${table}.${column}: ${rewritten} rewritten${unreadable ? `, ${unreadable} unreadable (left as they are)` : ''}`,
  );
}
