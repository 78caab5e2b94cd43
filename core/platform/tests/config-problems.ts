import { expect } from 'chai';
import { ConfigError, loadConfig } from '../config';

/** The two secrets every configuration needs, so a test varies only what it is about. */
export const TEST_SECRETS = { SESSION_SECRET: 'x'.repeat(40), DATA_ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64') };

/** The problems `loadConfig` reports for an environment it refuses. */
export function configProblemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).to.be.instanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
  throw new Error('expected a ConfigError');
}
