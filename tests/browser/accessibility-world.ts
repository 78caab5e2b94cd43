import type { Browser, BrowserContext } from 'playwright-core';
import { gstinCheckCharacter } from '../../core/clients/gstin';
import { NotificationService } from '../../core/notifications/notification-service';
import { TOKENS } from '../../core/platform/tokens';
import { openPage, type BrowserSession } from '../../core/plugin-api/testing/browser';
import { signInBrowserContext } from '../../core/plugin-api/testing/browser-auth';
import { joinByInvitation } from '../../core/plugin-api/testing/browser-invitations';
import { quietWorkspace, type SignedIn } from '../../core/plugin-api/testing/browser-suite';
import { newAgent, STRONG_PASSWORD, uniqueEmail } from '../../core/plugin-api/testing/http';
import { tokenIn, waitForMail } from '../../core/plugin-api/testing/mail-reader';
import { APP, API } from '../../core/plugin-api/testing/paths';
import { sharedHost } from '../../core/plugin-api/testing/root-hooks';

/**
 * One workspace with something on every page: a client with a note and saved portal credentials, a CLIENT member
 * linked to it, a pending invitation, a notification, and a second session of the owner. Every theme and width
 * looks at the same records through the owner's session, so the pages are set up once.
 */
export interface AccessibilityWorld {
  /** Calls the API as the owner, through a browser context kept open until `close`. */
  owner: SignedIn;
  /** The owner's cookies, for every browser context that views the app signed in. */
  ownerCookies: Awaited<ReturnType<BrowserContext['cookies']>>;
  workspaceId: string;
  workspaceName: string;
  clientId: string;
  clientName: string;
  memberName: string;
  invitedEmail: string;
  /** The token of the pending invitation's link, for the invitation page. */
  invitationToken: string;
  /** The pending invitation's message in the development mailbox. */
  invitationMailId: string;
  close(): Promise<void>;
}

export const CLIENT_NAME = 'Lakshmi Textiles Private Limited';
const GSTIN_PREFIX = '27AAACL1234K1Z';
const MEMBER_NAME = 'Browser Tester';

/** A second sign-in of the owner, which saves the credentials (a step-up of its own) and lists as another session. */
async function saveCredentialsFromAnotherSession(email: string, workspaceId: string, clientId: string): Promise<void> {
  const { agent, csrf } = await newAgent(sharedHost().baseUrl);
  const login = await agent.post(`${APP}/auth/login`).set('X-CSRF-Token', csrf).send({ email, password: STRONG_PASSWORD }).expect(200);
  const csrfToken = login.body.csrfToken as string;
  await agent.post(`${API}/me/step-up`).set('X-CSRF-Token', csrfToken).send({ password: STRONG_PASSWORD }).expect(200);
  await agent
    .post(`${API}/clients/${clientId}/credentials`)
    .set('X-CSRF-Token', csrfToken)
    .send({ workspaceExternalId: workspaceId, platformName: 'GST', username: 'lakshmi_gst', password: 'Portal#Secret1' })
    .expect(201);
}

async function raiseNotification(ownerEmail: string, workspaceId: string): Promise<void> {
  const { knex, container } = sharedHost().host;
  const user = await knex('users').where({ email: ownerEmail }).first('id');
  const workspace = await knex('workspaces').where({ external_id: workspaceId }).first('id');
  await container
    .get<NotificationService>(TOKENS.Notifications)
    .raise(
      workspace.id,
      { userId: user.id },
      { eventType: 'SYSTEM_INFO', title: 'Credential import finished', message: '12 clients were imported.' },
    );
}

export async function buildAccessibilityWorld(browser: Browser): Promise<AccessibilityWorld> {
  const baseUrl = sharedHost().baseUrl;
  const setup: BrowserSession = await openPage(browser);
  const member: BrowserSession = await openPage(browser);
  try {
    const owner = await signInBrowserContext(setup.context, baseUrl, 'a11y-owner');
    const workspace = await quietWorkspace(owner, 'Iyer and Rao Associates');
    const { client } = await owner.api<{ client: { externalId: string } }>('/clients', {
      workspaceExternalId: workspace.externalId,
      clientType: 'BUSINESS',
      name: CLIENT_NAME,
      email: uniqueEmail('lakshmi'),
      phone: '9822077889',
      panNumber: 'AAACL1234K',
      gstin: `${GSTIN_PREFIX}${gstinCheckCharacter(GSTIN_PREFIX)}`,
      businessAddress: '12, Linking Road, Bandra West, Mumbai - 400050',
    });
    await owner.api(`/clients/${client.externalId}/notes`, { workspaceExternalId: workspace.externalId, content: 'Annual return due in September.' });
    await saveCredentialsFromAnotherSession(owner.email, workspace.externalId, client.externalId);

    const memberSignedIn = await signInBrowserContext(member.context, baseUrl, 'a11y-member');
    await joinByInvitation(baseUrl, {
      owner,
      workspaceId: workspace.externalId,
      member: memberSignedIn,
      role: 'CLIENT',
      clientIds: [client.externalId],
    });

    const invitedEmail = uniqueEmail('a11y-invited');
    const invitedAt = new Date();
    await owner.api(`/workspaces/${workspace.externalId}/members`, { email: invitedEmail, role: 'EMPLOYEE' });
    const invitation = await waitForMail(invitedEmail, { baseUrl, subject: 'invited you', since: invitedAt });
    await raiseNotification(owner.email, workspace.externalId);

    return {
      owner,
      ownerCookies: await setup.context.cookies(),
      workspaceId: workspace.externalId,
      workspaceName: workspace.name,
      clientId: client.externalId,
      clientName: CLIENT_NAME,
      memberName: MEMBER_NAME,
      invitedEmail,
      invitationToken: tokenIn(invitation, '/invitations/accept'),
      invitationMailId: invitation.id,
      close: () => setup.close(),
    };
  } catch (error) {
    await setup.close();
    throw error;
  } finally {
    await member.close();
  }
}
