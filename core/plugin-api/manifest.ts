import semver from 'semver';
import { z } from 'zod';
import { ROLES } from '../workspaces/permissions';

export const PLUGIN_ID_PATTERN = /^[a-z][a-z0-9-]{1,39}$/;

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
        core: z.string().refine((value) => semver.validRange(value) !== null, 'must be a semver range such as ^0.1.0').default('*'),
        plugins: z.array(z.string().regex(PLUGIN_ID_PATTERN)).default([]),
      })
      .strict()
      .default({ core: '*', plugins: [] }),
    permissions: z
      .record(z.string().regex(/^[a-z][a-z0-9_]{1,49}$/, 'permission names are snake_case'), z.array(z.enum(ROLES)).min(1))
      .default({}),
    nav: z
      .object({
        label: z.string().trim().min(1).max(40),
        path: z.string().regex(/^[a-z0-9-]+$/, 'must be one path segment under the workspace, such as tasks'),
        order: z.number().int().min(0),
        icon: z.string().min(1).max(40),
      })
      .strict()
      .optional(),
    server: z
      .string()
      .regex(/^[\w./-]+\.ts$/, 'must be a relative path to a .ts file')
      .refine((value) => !value.includes('..'), 'must stay inside the plugin folder')
      .optional(),
  })
  .strict();

export type PluginManifest = z.infer<typeof pluginManifestSchema>;
