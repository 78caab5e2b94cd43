import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const KEY_LENGTH = 64;

function scrypt(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCallback(password, salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

const memoryFor = (cost: number, blockSize: number) => 128 * 2 ** cost * blockSize * 2;

/** scrypt with the parameters stored beside the hash, so the cost can be raised without breaking old hashes. */
export async function hashPassword(password: string, cost: number): Promise<string> {
  const salt = randomBytes(16);
  const blockSize = 8;
  const key = await scrypt(password, salt, { N: 2 ** cost, r: blockSize, p: 1, maxmem: memoryFor(cost, blockSize) });
  return ['scrypt', cost, blockSize, 1, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  if (!stored) return false;
  const [scheme, cost, blockSize, parallelism, salt, key] = stored.split('$');
  if (scheme !== 'scrypt') return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await scrypt(password, Buffer.from(salt, 'base64'), {
    N: 2 ** Number(cost),
    r: Number(blockSize),
    p: Number(parallelism),
    maxmem: memoryFor(Number(cost), Number(blockSize)),
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
