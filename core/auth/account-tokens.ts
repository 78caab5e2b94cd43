import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { hashOfToken, isWellFormedToken, newSingleUseToken } from '../platform/single-use-token';
import { TOKENS } from '../platform/tokens';

/** What a single-use account link is for (the `account_tokens.purpose` check constraint lists the same). */
export type AccountTokenPurpose = 'verify-email' | 'reset-password';

/** A link's token as the email carries it, and when it stops working. */
export interface IssuedToken {
  token: string;
  expiresAt: Date;
}

/** The account a token opened, or why it opened none: never issued, already used or replaced (`invalid`), or too old (`expired`). */
export type TokenUse = { userId: number } | { refused: 'invalid' | 'expired' };

/** The token that a link's page posts as `{ token }`; anything but a well-formed token reads as null, an invalid link. */
export function postedToken(body: unknown): string | null {
  const token: unknown = body && typeof body === 'object' ? (body as { token?: unknown }).token : undefined;
  return isWellFormedToken(token) ? token : null;
}

interface TokenRow {
  user_id: number;
  expires_at: Date;
  used_at: Date | null;
}

/**
 * Single-use tokens for the links emailed to an account (verify the address, reset the password), kept as hashes in
 * `account_tokens`: a copy of the database opens nothing. A user holds at most one unused token per purpose.
 */
@injectable()
export class AccountTokens {
  constructor(@inject(TOKENS.Knex) private readonly knex: Knex) {}

  /**
   * A new token for the user, which replaces their unused earlier ones of this purpose, so an older link stops working.
   * Pass the transaction that makes the user, if one does.
   */
  async issue(userId: number, purpose: AccountTokenPurpose, lifetimeMs: number, trx?: Knex.Transaction): Promise<IssuedToken> {
    const { token, hash } = newSingleUseToken();
    const expiresAt = new Date(Date.now() + lifetimeMs);
    const replace = async (db: Knex.Transaction) => {
      await db('account_tokens').where({ user_id: userId, purpose }).whereNull('used_at').delete();
      await db('account_tokens').insert({ user_id: userId, purpose, token_hash: hash, expires_at: expiresAt });
    };
    await (trx ? replace(trx) : this.knex.transaction(replace));
    return { token, expiresAt };
  }

  /** Whether the token would open an account now, without using it (to refuse a dead link before costly work). */
  async check(token: string | null, purpose: AccountTokenPurpose): Promise<TokenUse> {
    const row = await this.rowOf(token, purpose, this.knex);
    if (!row || row.used_at) return { refused: 'invalid' };
    if (row.expires_at.getTime() <= Date.now()) return { refused: 'expired' };
    return { userId: row.user_id };
  }

  /**
   * Uses the token: of any number of requests carrying it at once, exactly one gets the account (the row is marked
   * used in one conditional update). Pass the transaction of the change the token allows, so both stand or fall together.
   */
  async consume(token: string | null, purpose: AccountTokenPurpose, trx: Knex | Knex.Transaction = this.knex): Promise<TokenUse> {
    if (!isWellFormedToken(token)) return { refused: 'invalid' };
    const [used] = await trx('account_tokens')
      .where({ token_hash: hashOfToken(token), purpose })
      .whereNull('used_at')
      .where('expires_at', '>', trx.fn.now())
      .update({ used_at: trx.fn.now() })
      .returning<{ user_id: number }[]>('user_id');
    if (used) return { userId: used.user_id };
    const row = await this.rowOf(token, purpose, trx);
    return { refused: row && !row.used_at ? 'expired' : 'invalid' };
  }

  private async rowOf(token: string | null, purpose: AccountTokenPurpose, db: Knex | Knex.Transaction): Promise<TokenRow | undefined> {
    if (!isWellFormedToken(token)) return undefined;
    return db('account_tokens')
      .where({ token_hash: hashOfToken(token), purpose })
      .first<TokenRow | undefined>('user_id', 'expires_at', 'used_at');
  }
}
