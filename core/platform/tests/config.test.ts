import { expect } from 'chai';
import { ConfigError, loadConfig } from '../config';

const secrets = { SESSION_SECRET: 'x'.repeat(40), DATA_ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64') };

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).to.be.instanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
  throw new Error('expected a ConfigError');
}

describe('configuration', () => {
  it('has working local defaults', () => {
    const config = loadConfig({ ...secrets });
    expect(config).to.include({ port: 3000, basePath: '/axal', redisUrl: 'redis://127.0.0.1:6379', publicUrl: 'http://localhost:3000' });
    expect(config.databaseUrl).to.equal('postgres://postgres@127.0.0.1:5432/practice');
    expect(config.google).to.equal(null);
    expect(config.encryption.currentKeyId).to.equal('k1');
  });

  it('names every invalid variable on its own line', () => {
    const problems = problemsOf({ ...secrets, PORT: 'eighty', APP_BASE_PATH: 'axal', DATABASE_URL: 'nowhere', DATA_ENCRYPTION_KEY: 'short' });
    expect(problems.map((problem) => problem.split(':')[0]).sort()).to.deep.equal(['APP_BASE_PATH', 'DATABASE_URL', 'DATA_ENCRYPTION_KEY', 'PORT']);
    expect(new ConfigError(problems).message.split('\n')).to.have.length(5);
  });

  it('requires the secrets in production', () => {
    expect(problemsOf({ NODE_ENV: 'production' })).to.deep.equal([
      'SESSION_SECRET: required in production',
      'DATA_ENCRYPTION_KEY: required in production',
    ]);
  });

  it('enables Google only with both client id and secret', () => {
    expect(problemsOf({ ...secrets, GOOGLE_CLIENT_ID: 'id' })).to.have.length(1);
    const config = loadConfig({ ...secrets, GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' });
    expect(config.google).to.include({ clientId: 'id', authorizeUrl: 'https://accounts.google.com/o/oauth2/v2/auth' });
  });

  it('keeps previous encryption keys for decryption after rotation', () => {
    const old = Buffer.alloc(32, 2).toString('base64');
    const config = loadConfig({ ...secrets, DATA_ENCRYPTION_KEY_ID: 'k2', DATA_ENCRYPTION_PREVIOUS_KEYS: `k1:${old}` });
    expect(Object.keys(config.encryption.keys).sort()).to.deep.equal(['k1', 'k2']);
  });
});
