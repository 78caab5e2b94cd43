import { z } from 'zod';
import type { MailMessage } from '../mail/mailer';
import { invitationEmail } from '../mail/templates';
import type { Config } from '../platform/config';
import type { Role } from '../platform/identity';
import { isWellFormedToken, newSingleUseToken, singleUseLink } from '../platform/single-use-token';

/** How long an emailed invitation link works; resending gives a new link for as long again. */
export const INVITATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/** The web page an invitation link opens; it shows the invitation and accepts it. */
export const INVITATION_ACCEPT_PATH = '/invitations/accept';

export const INVITATION_MESSAGES = {
  invalid: 'This invitation link is invalid, or the invitation was revoked or already accepted.',
  expired: 'This invitation has expired. Ask the workspace administrator to send a new one.',
  unverified: 'Verify your email address before accepting an invitation.',
  otherAccount: (email: string) => `This invitation was sent to ${email}. Sign in with that email address to accept it.`,
  alreadyMember: 'You are already a member of this workspace',
  notFound: 'Invitation not found',
} as const;

/** A new link for an invitation: the token travels only in the email, the row keeps its hash and the expiry. */
export function newInvitationLink(now = new Date()): { token: string; tokenHash: string; expiresAt: Date } {
  const { token, hash } = newSingleUseToken();
  return { token, tokenHash: hash, expiresAt: new Date(now.getTime() + INVITATION_LIFETIME_MS) };
}

/**
 * `{ token }` of the lookup's query or the accept's body. Anything but a well-formed token becomes null, which is
 * answered as an invalid link: a mangled link is no different to its reader from one that was revoked.
 */
export const invitationTokenSchema = z.object({
  token: z
    .unknown()
    .optional()
    .transform((value) => (isWellFormedToken(value) ? value : null)),
});

export interface InvitationMailInput {
  email: string;
  role: Role;
  token: string;
  expiresAt: Date;
  inviterName: string;
  workspaceName: string;
}

/** The invitation email to the invited address, with the link that opens the invitation page. */
export function invitationMessage(config: Pick<Config, 'publicUrl' | 'basePath'>, input: InvitationMailInput): MailMessage {
  const { email, role, token, expiresAt, inviterName, workspaceName } = input;
  return {
    to: email,
    ...invitationEmail({ link: singleUseLink(config, INVITATION_ACCEPT_PATH, token), expiresAt, inviterName, workspaceName, role }),
  };
}
