import type { Role } from '../../platform/identity';
import type { SignedIn } from './browser-suite';
import { tokenIn, waitForMail } from './mail-reader';

/**
 * Makes `member` a member of `owner`'s workspace the only way there is: `owner` invites their address, and `member`
 * accepts with the token of the invitation email, both through their own browser contexts.
 */
export async function joinByInvitation(
  baseUrl: string,
  { owner, workspaceId, member, role, clientIds = [] }: { owner: SignedIn; workspaceId: string; member: SignedIn; role: Role; clientIds?: string[] },
): Promise<void> {
  const invitedAt = new Date();
  await owner.api(`/workspaces/${workspaceId}/members`, { email: member.email, role, clientIds });
  const invitation = await waitForMail(member.email, { baseUrl, subject: 'invited you', since: invitedAt });
  await member.api('/invitations/accept', { token: tokenIn(invitation, '/invitations/accept') });
}
