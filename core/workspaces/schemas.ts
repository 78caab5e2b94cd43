import { z } from 'zod';
import { ROLES } from '../platform/identity';
import { singleLineText } from '../plugin-api/input-fields';

/** Spec 1 section 5.1, shared with the create-workspace and settings forms. */
export const workspaceNameSchema = singleLineText({
  label: 'Workspace name',
  max: 50,
  error: 'Workspace name must be at least 3 characters',
  tooLong: 'Workspace name must be less than 50 characters',
})
  .min(3, 'Workspace name must be at least 3 characters')
  .regex(/^[A-Za-z0-9 -]*$/, 'Workspace name can only contain letters, numbers, spaces, and hyphens')
  .refine((value) => value.trim().length >= 3, 'Workspace name must be at least 3 characters after trimming')
  .transform((value) => value.trim());

export const workspaceInputSchema = z.object({ name: workspaceNameSchema });

export const roleSchema = z.enum(ROLES, { error: 'Role must be one of OWNER, ADMIN, EMPLOYEE or CLIENT' });

/** The most clients one CLIENT member may stand for: a family or a group of companies, not the whole practice. */
export const MAX_CLIENTS_PER_MEMBER = 200;

const CLIENT_IDS_ERROR = 'clientIds must be a list of client ids';
/** Staff see every client, so only a CLIENT member is linked to some, at invitation or later. */
export const ONLY_CLIENT_MEMBERS = 'Only a client member can be linked to clients';

/** The clients a CLIENT member stands for, by their external ids (each checked against the workspace by the server). */
export const memberClientIdsSchema = z
  .array(singleLineText({ label: 'Client id', max: 36, error: CLIENT_IDS_ERROR }), { error: CLIENT_IDS_ERROR })
  .max(MAX_CLIENTS_PER_MEMBER, `A member can be linked to at most ${MAX_CLIENTS_PER_MEMBER} clients`);

export const addMemberSchema = z.object({
  email: singleLineText({ label: 'Email', max: 254, error: 'Please enter a valid email address', tooLong: 'Please enter a valid email address' })
    .trim()
    .pipe(z.email('Please enter a valid email address')),
  role: roleSchema,
  clientIds: memberClientIdsSchema.default([]),
});

export const changeRoleSchema = z.object({ role: roleSchema });

/** Spec 1 section 5.9. */
export const deleteWorkspaceSchema = z.object({
  confirmation: singleLineText({ label: 'Confirmation', max: 200, error: 'Invalid confirmation', tooLong: 'Invalid confirmation' }),
});

export const pluginSwitchSchema = z.object({
  enabled: z.boolean({ error: 'enabled must be true or false' }),
});
