import { BaseModel, ExternallyIdentifiedModel } from '../plugin-api/base-model';
import type { Role } from '../platform/identity';

export class Workspace extends ExternallyIdentifiedModel {
  static override tableName = 'workspaces';
  name!: string;
  createdBy!: number | null;
}

export class WorkspaceMember extends BaseModel {
  static override tableName = 'workspace_members';
  workspaceId!: number;
  userId!: number;
  role!: Role;
}

export class WorkspaceInvitation extends ExternallyIdentifiedModel {
  static override tableName = 'workspace_invitations';
  workspaceId!: number;
  email!: string;
  role!: Role;
  invitedBy!: number | null;
  /** SHA-256 of the emailed link's token; null for an invitation made before links, until it is resent. */
  tokenHash!: string | null;
  expiresAt!: Date;
}
