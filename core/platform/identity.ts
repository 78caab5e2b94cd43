/** Who is asking: the shapes every layer reads, declared here so the platform depends on no domain. */

/** A member's role in a workspace; what each role may do is the permission table's business (core/workspaces/permissions.ts). */
export const ROLES = ['OWNER', 'ADMIN', 'EMPLOYEE', 'CLIENT'] as const;
export type Role = (typeof ROLES)[number];

/** A user as the API shows them: no serial id, no password hash. */
export interface PublicUser {
  externalId: string;
  name: string;
  email: string;
  image: string | null;
}

/** The signed-in user of a request. */
export interface SessionUser extends PublicUser {
  id: number;
}
