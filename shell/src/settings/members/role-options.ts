import type { Role } from '@axal/web-sdk';
import { ROLE_LABELS } from '../../workspace/workspace-queries';

/**
 * The roles a person may hand out: OWNER only with manage_owners (the server enforces it; this keeps the choice
 * honest). `alsoInclude` keeps a member's current role selectable, so the select never shows a value it lacks.
 */
export function grantableRoleOptions(canManageOwners: boolean, alsoInclude?: Role) {
  const roles: Role[] = ['OWNER', 'ADMIN', 'EMPLOYEE', 'CLIENT'];
  return roles
    .filter((role) => role !== 'OWNER' || canManageOwners || alsoInclude === 'OWNER')
    .map((role) => ({ value: role, label: ROLE_LABELS[role] }));
}
