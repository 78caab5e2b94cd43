import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { projectRoot } from '../core/platform/config';
import {
  foreignTableViolations,
  importCycles,
  importsAcross,
  layerViolations,
  pluginImportViolations,
  readSourceTree,
  tablesNamedIn,
  type PluginUnderCheck,
} from './architecture/checks';

const PLUGIN_FOLDERS = ['plugins', 'tests/fixtures/plugins'];

function installedPlugins(): PluginUnderCheck[] {
  return PLUGIN_FOLDERS.flatMap((folder) =>
    readdirSync(path.join(projectRoot, folder)).map((entry) => {
      const root = `${folder}/${entry}`;
      const manifest = JSON.parse(readFileSync(path.join(projectRoot, root, 'plugin.json'), 'utf8')) as { id: string; tables?: string[] };
      return { root, id: manifest.id, tables: manifest.tables ?? [] };
    }),
  );
}

const treeOf = (files: Record<string, string>) => new Map(Object.entries(files));

describe('architecture boundaries', () => {
  const tree = readSourceTree(projectRoot, ['core', 'plugins', 'shell', 'tests', 'migrations', 'bench']);
  const plugins = installedPlugins();

  describe('in this project', () => {
    it('plugins reach the core only through the plugin API and other plugins only through their exported tokens', () => {
      expect(pluginImportViolations(tree, plugins)).to.deep.equal([]);
    });

    it('the core never imports a plugin', () => {
      expect(importsAcross(tree, 'core', 'plugins')).to.deep.equal([]);
    });

    it('plugins name only their own tables in SQL', () => {
      expect(foreignTableViolations(tree, plugins)).to.deep.equal([]);
    });

    it('nothing in the core imports from tests/', () => {
      expect(importsAcross(tree, 'core', 'tests')).to.deep.equal([]);
    });

    it('the core imports only downwards: platform, plugin contract, plugin registry, domains, then the host', () => {
      expect(layerViolations(tree)).to.deep.equal([]);
    });

    it("plugins keep shared values through the core's services, never the raw Redis client", () => {
      const users = [...tree].filter(([file, source]) => /^plugins\/[^/]+\/(server|shared)\//.test(file) && source.includes('TOKENS.Redis'));
      expect(users.map(([file]) => file)).to.deep.equal([]);
    });

    it('the modules of core/, plugins/ and shell/ import one another without cycles', () => {
      const modules = new Map([...tree].filter(([file]) => /^(core|plugins|shell)\//.test(file)));
      expect(importCycles(modules)).to.deep.equal([]);
    });
  });

  // Each rule, shown failing on a small bad example, so a clean tree above means the rule holds rather than never fires.
  describe('the checks themselves', () => {
    const notes: PluginUnderCheck = { root: 'plugins/notes', id: 'notes', tables: ['shared_ledger'] };

    it('catch a plugin that queries a core table, by knex, join, model or raw SQL', () => {
      const bad = treeOf({
        'plugins/notes/server/note-service.ts': [
          "import { TOKENS } from '../../../core/plugin-api';",
          'export async function notesOf(knex, trx, workspaceId) {',
          "  await knex('notes').where('workspace_id', workspaceId);",
          "  await trx('notes_labels as l').join('clients as c', 'c.id', 'l.client_id');",
          "  await knex('shared_ledger');",
          "  await knex.raw('select n.* from notes n join workspace_members m on m.user_id = n.author_id');",
          "  return knex('notes').whereRaw('exists (select 1 from users u where u.id = notes.author_id)');",
          '}',
          'class Person extends WorkspaceScopedModel {',
          "  static override tableName = 'users';",
          '}',
        ].join('\n'),
        'plugins/notes/migrations/20260101000000_notes.ts':
          "export const up = (knex) => knex.schema.alterTable('workspaces', (table) => table.text('notes_colour'));",
        'plugins/notes/tests/notes.test.ts': "await db()('clients').where({ id: 1 });",
      });
      expect(foreignTableViolations(bad, [notes])).to.deep.equal([
        'plugins/notes/server/note-service.ts names the table clients, which plugin notes does not own',
        'plugins/notes/server/note-service.ts names the table users, which plugin notes does not own',
        'plugins/notes/server/note-service.ts names the table workspace_members, which plugin notes does not own',
        'plugins/notes/migrations/20260101000000_notes.ts names the table workspaces, which plugin notes does not own',
      ]);
    });

    it('read tables out of the usual ways of naming them, and not out of prose, functions or columns', () => {
      expect(tablesNamedIn("trx('documents_folders').insert(rows); Buffer.from('contents'); Array.from('abc');")).to.deep.equal([
        'documents_folders',
      ]);
      expect(tablesNamedIn("raw('coalesce(sum(size), 0)::bigint as used'); raw('(client_id is not distinct from ?) as own')")).to.deep.equal([]);
      expect(tablesNamedIn("raw('select x from unnest(?::text[]) as t(x)'); raw('extract(year from created_at)')")).to.deep.equal([]);
      expect(tablesNamedIn("const sql = 'with recent as (select id from invoices) select * from recent join public.clients on true';")).to.deep.equal(
        ['clients', 'invoices'],
      );
      expect(
        tablesNamedIn(
          "// we never read knex('clients') here\nconst messages = ['Please select a folder from the list', 'Select one from the tree'];",
        ),
      ).to.deep.equal([]);
      expect(tablesNamedIn("raw('insert into notes_items (id) values (1) on conflict (id) do update set id = 1')")).to.deep.equal(['notes_items']);
    });

    it('catch a plugin that imports core code other than the plugin API, or another plugin’s internals', () => {
      const bad = treeOf({
        'plugins/notes/server/index.ts': [
          "import { definePlugin } from '../../../core/plugin-api';",
          "import { ClientService } from '../../../core/clients/client-service';",
          "import type { ATTACHMENT_SERVICE } from '../../documents/server/tokens';",
          "import { DocumentService } from '../../documents/server/document-service';",
          "import { helper } from './helper';",
        ].join('\n'),
        'plugins/notes/server/helper.ts': 'export const helper = 1;',
        'core/plugin-api/index.ts': '',
        'core/clients/client-service.ts': '',
        'plugins/documents/server/tokens.ts': '',
        'plugins/documents/server/document-service.ts': '',
      });
      expect(pluginImportViolations(bad, [notes])).to.deep.equal([
        'plugins/notes/server/index.ts imports core/clients/client-service.ts',
        'plugins/notes/server/index.ts imports plugins/documents/server/document-service.ts',
      ]);
    });

    it('catch a core file that imports from tests/, and let tests import the core', () => {
      const bad = treeOf({
        'core/plugin-api/testing/index.ts': "export { sharedHost } from '../../../tests/support/root-hooks';",
        'core/clients/tests/clients.test.ts':
          "import { call } from '../../../tests/support/http';\nimport { sharedHost } from '../../plugin-api/testing';",
        'core/clients/client-service.ts': "import type { Fixture } from '../../tests/fixtures/plugins/gate-fixture/server';",
        'tests/support/root-hooks.ts': "import { createHost } from '../../core/host/host';",
        'tests/support/http.ts': '',
        'tests/fixtures/plugins/gate-fixture/server/index.ts': '',
      });
      expect(importsAcross(bad, 'core', 'tests')).to.deep.equal([
        'core/plugin-api/testing/index.ts imports tests/support/root-hooks.ts',
        'core/clients/tests/clients.test.ts imports tests/support/http.ts',
        'core/clients/client-service.ts imports tests/fixtures/plugins/gate-fixture/server/index.ts',
      ]);
    });

    it('catch a core file that imports a layer above its own, or test code, and let each layer import what lies below', () => {
      const bad = treeOf({
        'core/platform/http.ts': "import type { PublicUser } from '../auth/user-model';\nimport type { Role } from './identity';",
        'core/platform/identity.ts': '',
        'core/plugin-api/manifest.ts': "import { ROLES } from '../workspaces/permissions';\nimport { ROLES as SAME } from '../platform/identity';",
        'core/plugins/plugin-registry.ts': [
          "import type { PluginManifest } from '../plugin-api/manifest';",
          "import type { PluginPermissionTable } from '../workspaces/permissions';",
          "import { TOKENS } from '../plugin-api';",
        ].join('\n'),
        'core/workspaces/permissions.ts': "import type { PluginPermissionTable } from '../plugins/plugin-registry';",
        'core/notifications/notification-service.ts': [
          "import { PluginLoadError } from '../host/plugin-discovery';",
          "import { ROLES } from '../platform/identity';",
          "import { PermissionService } from '../workspaces/permissions';",
          "import { memberWithRole } from '../plugin-api/testing/http';",
        ].join('\n'),
        'core/plugin-api/index.ts': "export type { PermissionService } from '../workspaces/permissions';",
        'core/plugin-api/testing/http.ts': "import { createHost } from '../../host/host';",
        'core/host/plugin-discovery.ts': '',
        'core/host/host.ts': "import { PermissionService } from '../workspaces/permissions';\nimport { TOKENS } from '../plugin-api';",
        'core/auth/user-model.ts': '',
        'core/workspaces/tests/permissions.test.ts': "import { createHost } from '../../host/host';",
      });
      expect(layerViolations(bad)).to.deep.equal([
        'core/platform/http.ts (platform) imports core/auth/user-model.ts (domain)',
        'core/plugin-api/manifest.ts (plugin contract) imports core/workspaces/permissions.ts (domain)',
        'core/plugins/plugin-registry.ts (plugin registry) imports core/workspaces/permissions.ts (domain)',
        'core/plugins/plugin-registry.ts (plugin registry) imports core/plugin-api/index.ts (plugin API)',
        'core/notifications/notification-service.ts (domain) imports core/host/plugin-discovery.ts (host)',
        'core/notifications/notification-service.ts (domain) imports core/plugin-api/testing/http.ts (test code)',
      ]);
    });

    it('catch an import cycle, type-only imports and re-exports included, and nothing else', () => {
      const bad = treeOf({
        'core/notifications/job-progress.ts': "import type { NotificationService } from './notification-service';",
        'core/notifications/notification-service.ts':
          "import { JobProgressNotification } from './job-progress';\nimport { Notification } from './models';",
        'core/notifications/models.ts': '',
        'plugins/notes/shared/wire.ts': "export type { NoteRequest } from './schemas';",
        'plugins/notes/shared/schemas.ts': "import { MESSAGES } from './wire';",
        'plugins/notes/web/plugin.tsx': "import { MESSAGES } from '../shared/wire';\nimport './plugin.css';",
        'core/a.ts': "import { b } from './b';",
        'core/b.ts': "import { c } from './c';",
        'core/c.ts': "const later = () => import('./a');",
        'core/self.ts': "import { self } from './self';",
      });
      expect(importCycles(bad)).to.deep.equal([
        ['core/a.ts', 'core/b.ts', 'core/c.ts'],
        ['core/notifications/job-progress.ts', 'core/notifications/notification-service.ts'],
        ['core/self.ts'],
        ['plugins/notes/shared/schemas.ts', 'plugins/notes/shared/wire.ts'],
      ]);
    });
  });
});
