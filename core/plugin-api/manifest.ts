import semver from 'semver';
import { z } from 'zod';
import { ROLES } from '../platform/identity';

export const PLUGIN_ID_PATTERN = /^[a-z][a-z0-9-]{1,39}$/;
const PERMISSION_VERB_PATTERN = /^[a-z][a-z0-9_]{1,49}$/;

/**
 * Names the spec used before plugins owned their permissions. They keep their names, but only the plugin that
 * owns them may declare them; every other plugin permission is `<pluginId>.<verb>`, so two plugins never collide.
 */
const UNPREFIXED_PERMISSION_OWNERS: ReadonlyMap<string, string> = new Map([
  ['delete_documents', 'documents'],
  ['assign_client', 'documents'],
  ['manage_storage', 'documents'],
  ['view_storage', 'documents'],
  ['upload', 'documents'],
]);

/** Why plugin `pluginId` may not declare the permission `name`, or null when it may. */
function permissionNameProblem(pluginId: string, name: string): string | null {
  const owner = UNPREFIXED_PERMISSION_OWNERS.get(name);
  if (owner === pluginId) return null;
  if (owner) return `plugin ${pluginId} may not declare ${name}, which belongs to the ${owner} plugin; name it ${pluginId}.<verb>`;
  const prefix = `${pluginId}.`;
  if (name.startsWith(prefix) && PERMISSION_VERB_PATTERN.test(name.slice(prefix.length))) return null;
  return `plugin ${pluginId} must name its permissions ${pluginId}.<verb>, with a snake_case verb`;
}

export const pluginManifestSchema = z
  .object({
    id: z.string().regex(PLUGIN_ID_PATTERN, 'must be lower-case letters, digits and hyphens, starting with a letter'),
    name: z.string().trim().min(1).max(60),
    version: z.string().refine((value) => semver.valid(value) !== null, 'must be a semantic version such as 1.0.0'),
    description: z.string().trim().min(1).max(300),
    demo: z.boolean().default(false),
    defaultEnabled: z.boolean().default(true),
    requires: z
      .object({
        core: z
          .string()
          .refine((value) => semver.validRange(value) !== null, 'must be a semver range such as ^0.1.0')
          .default('*'),
        plugins: z.array(z.string().regex(PLUGIN_ID_PATTERN)).default([]),
        /**
         * Plugins this one uses when they are installed and enabled, and works without otherwise (tasks attach
         * documents). It may inject their exported services with `@optional()` and must ask whether they are enabled.
         */
        optional: z.array(z.string().regex(PLUGIN_ID_PATTERN)).default([]),
      })
      .strict()
      .default({ core: '*', plugins: [], optional: [] }),
    permissions: z.record(z.string(), z.array(z.enum(ROLES)).min(1)).default({}),
    nav: z
      .object({
        label: z.string().trim().min(1).max(40),
        path: z.string().regex(/^[a-z0-9-]+$/, 'must be one path segment under the workspace, such as tasks'),
        order: z.number().int().min(0),
        icon: z.string().min(1).max(40),
      })
      .strict()
      .optional(),
    /** Tables the plugin owns besides those named after it (`<id>` and `<id>_*`, hyphens written as underscores). */
    tables: z.array(z.string().regex(/^[a-z][a-z0-9_]{0,62}$/, 'must be a lower-case table name')).optional(),
    server: z
      .string()
      .regex(/^[\w./-]+\.ts$/, 'must be a relative path to a .ts file')
      .refine((value) => !value.includes('..'), 'must stay inside the plugin folder')
      .optional(),
  })
  .strict()
  .superRefine((manifest, context) => {
    for (const name of Object.keys(manifest.permissions)) {
      const problem = permissionNameProblem(manifest.id, name);
      if (problem) context.addIssue({ code: 'custom', path: ['permissions', name], message: problem });
    }
  });

export type PluginManifest = z.infer<typeof pluginManifestSchema>;
