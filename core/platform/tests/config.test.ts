import { expect } from 'chai';
import { ConfigError, loadConfig } from '../config';
import { configProblemsOf as problemsOf, TEST_SECRETS as secrets } from './config-problems';

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
      'SMTP_URL: required in production (the embedded mail catcher is for development only)',
      'AZURE_STORAGE_CONNECTION_STRING: required in production (the embedded Azurite emulator is for development only)',
    ]);
  });

  describe('production guards', () => {
    const azureAccount = 'DefaultEndpointsProtocol=https;AccountName=axal;AccountKey=a2V5PT0=;EndpointSuffix=core.windows.net';
    const production = { NODE_ENV: 'production', ...secrets, SMTP_URL: 'smtps://mail.example.com', AZURE_STORAGE_CONNECTION_STRING: azureAccount };

    it('start with the demo seed off unless it is asked for, which only development allows', () => {
      expect(loadConfig(production).seedDemo).to.equal(false);
      expect(loadConfig({ ...secrets }).seedDemo).to.equal(true);
      expect(loadConfig({ ...secrets, SEED_DEMO: 'false' }).seedDemo).to.equal(false);
      expect(problemsOf({ ...production, SEED_DEMO: 'true' })).to.deep.equal([
        'SEED_DEMO: not allowed in production (the demo owner has a known password)',
      ]);
    });

    it('refuse the embedded Azurite emulator', () => {
      const { AZURE_STORAGE_CONNECTION_STRING: _account, ...withoutAccount } = production;
      expect(problemsOf(withoutAccount)).to.deep.equal([
        'AZURE_STORAGE_CONNECTION_STRING: required in production (the embedded Azurite emulator is for development only)',
      ]);
    });

    it('refuse a storage account reached over plain HTTP, however the connection string says it', () => {
      const plainHttp = [
        'DefaultEndpointsProtocol=http;AccountName=axal;AccountKey=a2V5PT0=;EndpointSuffix=core.windows.net',
        'defaultendpointsprotocol=HTTP;AccountName=axal;AccountKey=a2V5PT0=',
        'BlobEndpoint=http://storage.example.com/axal;SharedAccessSignature=sv=2024-11-04&sig=abc%3D',
        'DefaultEndpointsProtocol=https;AccountName=axal;AccountKey=a2V5PT0=;BlobEndpoint=http://10.0.0.5:10000/axal',
        'UseDevelopmentStorage=true',
      ];
      for (const account of plainHttp) {
        expect(problemsOf({ ...production, AZURE_STORAGE_CONNECTION_STRING: account }), account).to.deep.equal([
          'AZURE_STORAGE_CONNECTION_STRING: must use HTTPS in production (DefaultEndpointsProtocol=https and https:// endpoints)',
        ]);
      }
      const https = 'BlobEndpoint=https://axal.blob.core.windows.net/;SharedAccessSignature=sv=2024-11-04&sig=abc%3D';
      expect(loadConfig({ ...production, AZURE_STORAGE_CONNECTION_STRING: https }).storage.connectionString).to.equal(https);
    });

    it('leave development free to use the emulator over HTTP', () => {
      expect(loadConfig({ ...secrets, AZURE_STORAGE_CONNECTION_STRING: 'UseDevelopmentStorage=true' }).storage.connectionString).to.equal(
        'UseDevelopmentStorage=true',
      );
      expect(loadConfig({ ...secrets }).storage.connectionString).to.equal(null);
    });
  });

  it('hashes passwords at a cost of at least 2^14, and cheaper only for the test suite', () => {
    expect(problemsOf({ ...secrets, PASSWORD_HASH_COST: '12' })).to.deep.equal([
      'PASSWORD_HASH_COST: at least 14 (lower costs are for the test suite only)',
    ]);
    expect(problemsOf({ ...secrets, NODE_ENV: 'production', PASSWORD_HASH_COST: '13' })).to.include(
      'PASSWORD_HASH_COST: at least 14 (lower costs are for the test suite only)',
    );
    expect(loadConfig({ ...secrets, NODE_ENV: 'test', PASSWORD_HASH_COST: '10' }).passwordHashCost).to.equal(10);
    expect(problemsOf({ ...secrets, NODE_ENV: 'test', PASSWORD_HASH_COST: '9' }).map((problem) => problem.split(':')[0])).to.deep.equal([
      'PASSWORD_HASH_COST',
    ]);
    expect(loadConfig({ ...secrets }).passwordHashCost).to.equal(17);
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
