import type { Role } from '@axal/web-sdk';
import { ROLE_LABELS } from '../../workspace/workspace-queries';

/** The roles a person may hand out: only an owner grants OWNER (the server enforces it; this keeps the choice honest). */
export function grantableRoleOptions(actorRole: Role | undefined, alsoInclude?: Role) {
  const roles: Role[] = ['OWNER', 'ADMIN', 'EMPLOYEE', 'CLIENT'];
  return roles
    .filter((role) => role !== 'OWNER' || actorRole === 'OWNER' || alsoInclude === 'OWNER')
    .map((role) => ({ value: role, label: ROLE_LABELS[role] }));
}
