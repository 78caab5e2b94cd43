import { z } from 'zod';
import { ROLES } from '../platform/identity';

/** Spec 1 section 5.1, shared with the create-workspace and settings forms. */
export const workspaceNameSchema = z
  .string({ error: 'Workspace name must be at least 3 characters' })
  .min(3, 'Workspace name must be at least 3 characters')
  .max(50, 'Workspace name must be less than 50 characters')
  .regex(/^[A-Za-z0-9 -]*$/, 'Workspace name can only contain letters, numbers, spaces, and hyphens')
  .refine((value) => value.trim().length >= 3, 'Workspace name must be at least 3 characters after trimming')
  .transform((value) => value.trim());

export const workspaceInputSchema = z.object({ name: workspaceNameSchema });

export const roleSchema = z.enum(ROLES, { error: 'Role must be one of OWNER, ADMIN, EMPLOYEE or CLIENT' });

export const addMemberSchema = z.object({
  email: z.string({ error: 'Please enter a valid email address' }).trim().pipe(z.email('Please enter a valid email address')),
  role: roleSchema,
});

export const changeRoleSchema = z.object({ role: roleSchema });

/** Spec 1 section 5.9. */
export const deleteWorkspaceSchema = z.object({
  confirmation: z.string({ error: 'Invalid confirmation' }),
});

export const pluginSwitchSchema = z.object({
  enabled: z.boolean({ error: 'enabled must be true or false' }),
});
