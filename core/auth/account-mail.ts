import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import type { MailMessage } from '../mail/mailer';
import { passwordResetEmail, verificationEmail } from '../mail/templates';
import type { Config } from '../platform/config';
import { singleUseLink } from '../platform/single-use-token';
import { TOKENS } from '../platform/tokens';
import { AccountTokens } from './account-tokens';

export const VERIFY_EMAIL_LIFETIME_MS = 24 * 60 * 60 * 1000;
export const RESET_PASSWORD_LIFETIME_MS = 60 * 60 * 1000;

/** The account a link is mailed to. */
export interface Recipient {
  id: number;
  name: string;
  email: string;
}

/**
 * The emails that carry an account's single-use links. Each call issues a new token, which replaces the account's
 * earlier unused one, and answers the message for `TOKENS.Mailer`: send it once the caller's transaction has committed.
 */
@injectable()
export class AccountMail {
  constructor(
    @inject(TOKENS.Config) private readonly config: Config,
    @inject(AccountTokens) private readonly tokens: AccountTokens,
  ) {}

  /** `{app}/verify-email?token=`, valid 24 hours. */
  async verification(user: Recipient, trx?: Knex.Transaction): Promise<MailMessage> {
    const { token, expiresAt } = await this.tokens.issue(user.id, 'verify-email', VERIFY_EMAIL_LIFETIME_MS, trx);
    const link = singleUseLink(this.config, '/verify-email', token);
    return { to: user.email, ...verificationEmail({ link, expiresAt, name: user.name }) };
  }

  /** `{app}/reset-password?token=`, valid 1 hour. */
  async passwordReset(user: Recipient): Promise<MailMessage> {
    const { token, expiresAt } = await this.tokens.issue(user.id, 'reset-password', RESET_PASSWORD_LIFETIME_MS);
    const link = singleUseLink(this.config, '/reset-password', token);
    return { to: user.email, ...passwordResetEmail({ link, expiresAt, name: user.name }) };
  }
}
