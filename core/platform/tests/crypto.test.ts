import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import type { Config } from '../config';
import { CryptoService, DecryptionError } from '../crypto';

const keyA = randomBytes(32);
const keyB = randomBytes(32);
const serviceWith = (currentKeyId: string, keys: Record<string, Buffer>) =>
  new CryptoService({ encryption: { currentKeyId, keys } } as unknown as Config);

describe('CryptoService (AES-256-GCM)', () => {
  const crypto = serviceWith('k1', { k1: keyA });

  it('round-trips text and names its key in every ciphertext', () => {
    const sealed = crypto.encrypt('Gst@Portal#2026', 'ws:1|client:9|GST');
    expect(sealed).to.match(/^v1\.k1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).to.not.include('Gst@Portal');
    expect(crypto.keyIdOf(sealed)).to.equal('k1');
    expect(crypto.decrypt(sealed, 'ws:1|client:9|GST')).to.equal('Gst@Portal#2026');
  });

  it('uses a fresh IV each time', () => {
    expect(crypto.encrypt('same', 'ctx')).to.not.equal(crypto.encrypt('same', 'ctx'));
  });

  it('refuses a ciphertext moved to another context (row)', () => {
    const sealed = crypto.encrypt('secret', 'ws:1|client:9|GST');
    expect(() => crypto.decrypt(sealed, 'ws:1|client:10|GST')).to.throw(DecryptionError);
    expect(() => crypto.decrypt(sealed, 'ws:2|client:9|GST')).to.throw(DecryptionError);
  });

  it('refuses a tampered ciphertext, tag or unknown key', () => {
    const sealed = crypto.encrypt('secret', 'ctx');
    const [version, keyId, iv, tag, body] = sealed.split('.');
    const flipped = Buffer.from(body, 'base64url');
    flipped[0] ^= 1;
    expect(() => crypto.decrypt([version, keyId, iv, tag, flipped.toString('base64url')].join('.'), 'ctx')).to.throw(DecryptionError);
    expect(() => crypto.decrypt([version, keyId, iv, Buffer.alloc(16).toString('base64url'), body].join('.'), 'ctx')).to.throw(DecryptionError);
    expect(() => crypto.decrypt([version, 'k9', iv, tag, body].join('.'), 'ctx')).to.throw(DecryptionError);
    expect(() => crypto.decrypt('not-a-ciphertext', 'ctx')).to.throw(DecryptionError);
  });

  it('refuses the genuine tag cut short, which GCM alone would accept', () => {
    const sealed = crypto.encrypt('secret', 'ctx');
    const [version, keyId, iv, tag, body] = sealed.split('.');
    for (const length of [15, 12, 8, 4]) {
      const truncated = Buffer.from(tag, 'base64url').subarray(0, length).toString('base64url');
      expect(() => crypto.decrypt([version, keyId, iv, truncated, body].join('.'), 'ctx'), `${length} bytes`).to.throw(DecryptionError);
    }
    const longer = Buffer.concat([Buffer.from(tag, 'base64url'), Buffer.alloc(1)]).toString('base64url');
    expect(() => crypto.decrypt([version, keyId, iv, longer, body].join('.'), 'ctx')).to.throw(DecryptionError);
  });

  it('refuses a key id that is not one of the configured keys, even an inherited property name', () => {
    const [version, , iv, tag, body] = crypto.encrypt('secret', 'ctx').split('.');
    for (const keyId of ['constructor', '__proto__', 'toString']) {
      expect(() => crypto.decrypt([version, keyId, iv, tag, body].join('.'), 'ctx')).to.throw(DecryptionError, 'Unknown ciphertext format or key');
    }
  });

  it('still decrypts with a previous key after rotation, and encrypts with the new one', () => {
    const before = crypto.encrypt('old secret', 'ctx');
    const rotated = serviceWith('k2', { k1: keyA, k2: keyB });
    expect(rotated.decrypt(before, 'ctx')).to.equal('old secret');
    expect(rotated.keyIdOf(rotated.encrypt('new', 'ctx'))).to.equal('k2');
  });
});
