import { expect } from 'chai';
import type { Config } from '../../platform/config';
import { hashOfToken } from '../../platform/single-use-token';
import { TOKENS } from '../../platform/tokens';
import { APP, newAgent, signUp, uniqueEmail } from '../../plugin-api/testing/http';
import { latestMailTo, readMailbox, tokenIn, type MailboxMessage } from '../../plugin-api/testing/mailbox';
import { sharedHost } from '../../plugin-api/testing/root-hooks';
import { mailRequestKeys, type MailRequestPurpose } from '../mail-request-throttle';
import { sharedRedis } from './support';

/** What the tests of verification and reset links share: accounts, mail, the token rows, and the clock of the throttle. */

export const VERIFY_SUBJECT = 'Verify your email';
export const RESET_SUBJECT = 'Reset your';

export const knex = () => sharedHost().host.knex;

/** A new account, signed up but not verified, and the anonymous agent that signed it up. */
export async function unverifiedAccount(label = 'unverified') {
  const { agent, csrf } = await newAgent();
  const email = uniqueEmail(label);
  const { response, body } = await signUp(agent, csrf, { email });
  expect(response.status, JSON.stringify(response.body)).to.equal(201);
  return { agent, csrf, email, password: body.password, user: response.body.user as { externalId: string } };
}

/** `POST {app}/auth/<path>` from a new anonymous visitor. */
export async function postAuth(path: string, body: unknown) {
  const { agent, csrf } = await newAgent();
  return agent
    .post(`${APP}/auth/${path}`)
    .set('X-CSRF-Token', csrf)
    .send(body as object);
}

export async function loginStatus(email: string, password: string): Promise<number> {
  return (await postAuth('login', { email, password })).status;
}

/** The newest mail to `email` whose subject has `subject`, received at or after `since`, and the token of its link to `path`. */
export async function mailedToken(email: string, subject: string, path: string, since?: Date): Promise<{ message: MailboxMessage; token: string }> {
  const message = await latestMailTo(email, { subject, since });
  return { message, token: tokenIn(message, path) };
}

/** Messages to `email` with `subject` received at or after `since`. */
export async function mailsSince(email: string, subject: string, since: Date): Promise<MailboxMessage[]> {
  return (await readMailbox({ to: email })).filter((message) => message.subject.includes(subject) && new Date(message.receivedAt) >= since);
}

export const tokenRow = (token: string) =>
  knex()('account_tokens')
    .where({ token_hash: hashOfToken(token) })
    .first<{ user_id: number; purpose: string; expires_at: Date; used_at: Date | null; token_hash: string } | undefined>();

/** As if the link's lifetime had run out. */
export async function expireToken(token: string): Promise<void> {
  const updated = await knex()('account_tokens')
    .where({ token_hash: hashOfToken(token) })
    .update({ expires_at: new Date(Date.now() - 60_000) });
  expect(updated, 'the token row').to.equal(1);
}

export const userRow = (email: string) =>
  knex()('users')
    .whereRaw('lower(email) = lower(?)', [email])
    .first<{ id: number; email_verified_at: Date | null; password_hash: string | null }>('id', 'email_verified_at', 'password_hash');

export async function activityOf(email: string, action: string): Promise<Array<{ metadata: Record<string, unknown> }>> {
  const user = await userRow(email);
  return knex()('activity_log').where({ actor_user_id: user.id, action }).select('metadata');
}

const redisKeyPrefix = () => sharedHost().host.container.get<Config>(TOKENS.Config).redisKeyPrefix;

/** The ids of the account's signed-in sessions, as the session registry lists them in Redis. */
export async function sessionIndexOf(email: string): Promise<string[]> {
  const { id } = await userRow(email);
  return sharedRedis().sMembers(`${redisKeyPrefix()}user-sessions:${id}`);
}

/** As if a minute had passed since the address's last request for this kind of email: its per-minute counter is gone. */
export async function aMinuteLater(purpose: MailRequestPurpose, email: string): Promise<void> {
  const [minuteCounter] = mailRequestKeys(redisKeyPrefix(), purpose, email);
  await sharedRedis().del(minuteCounter);
}
