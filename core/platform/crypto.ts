import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { inject, injectable } from 'inversify';
import type { Config } from './config';
import { TOKENS } from './tokens';

const FORMAT_VERSION = 'v1';
const IV_BYTES = 12;
/** GCM would also accept a shortened tag, which an attacker can forge far more easily: only the full tag is taken. */
const TAG_BYTES = 16;

export class DecryptionError extends Error {}

/**
 * AES-256-GCM for secrets at rest. Every ciphertext names the key that made it, so keys can be rotated,
 * and is bound to its context (the additional authenticated data, e.g. workspace + client + platform):
 * a ciphertext copied to another row does not decrypt.
 * Format: v1.<keyId>.<iv>.<tag>.<ciphertext>, parts base64url.
 */
@injectable()
export class CryptoService {
  constructor(@inject(TOKENS.Config) private readonly config: Config) {}

  encrypt(plaintext: string, context: string): string {
    const keyId = this.config.encryption.currentKeyId;
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.config.encryption.keys[keyId], iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [FORMAT_VERSION, keyId, iv, cipher.getAuthTag(), ciphertext]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  decrypt(sealed: string, context: string): string {
    const [, keyId, iv, tag, ciphertext] = sealed.split('.');
    if (!this.holdsKeyOf(sealed) || ciphertext === undefined) throw new DecryptionError('Unknown ciphertext format or key');
    const key = this.config.encryption.keys[keyId];
    const ivBytes = Buffer.from(iv, 'base64url');
    const tagBytes = Buffer.from(tag, 'base64url');
    if (ivBytes.length !== IV_BYTES || tagBytes.length !== TAG_BYTES) throw new DecryptionError('Ciphertext has a wrong IV or tag length');
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, ivBytes, { authTagLength: TAG_BYTES });
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(tagBytes);
      return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      throw new DecryptionError('Ciphertext does not match its key or context');
    }
  }

  /**
   * Whether `sealed` is in this format under a key this installation holds, told without decrypting it. It may still
   * not open: only `decrypt` finds a ciphertext moved to another context or tampered with.
   */
  holdsKeyOf(sealed: string): boolean {
    const [version, keyId] = sealed.split('.');
    return version === FORMAT_VERSION && keyId !== undefined && Object.hasOwn(this.config.encryption.keys, keyId);
  }

  keyIdOf(sealed: string): string {
    return sealed.split('.')[1];
  }

  /** The id new ciphertexts carry. */
  get currentKeyId(): string {
    return this.config.encryption.currentKeyId;
  }

  /** The same secret under the current key and a fresh IV, bound to the same context; throws DecryptionError like `decrypt`. */
  reseal(sealed: string, context: string): string {
    return this.encrypt(this.decrypt(sealed, context), context);
  }
}
