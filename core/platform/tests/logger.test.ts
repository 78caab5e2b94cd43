import { Writable } from 'node:stream';
import { expect } from 'chai';
import { createLogger, isSecretKey, REDACTED } from '../logger';

/** A logger writing into memory, and the lines it wrote, parsed. */
function capturedLogger() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  const logger = createLogger('info', stream);
  return { logger, written: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>), raw: () => lines.join('') };
}

const SECRETS = {
  password: 'Hunter#Password1',
  currentPassword: 'Old#Password2',
  passwordHash: 'scrypt$17$salt$hash',
  csrfToken: 'csrf-token-value',
  accessToken: 'ya29.access-token',
  refresh_token: 'refresh-token-value',
  clientSecret: 'google-client-secret',
  apiKey: 'api-key-value',
  otp: '493021',
  aadhaarNumber: '234567890123',
  panNumber: 'ABKPN4321M',
  gstin: '27AABCS1234K1ZG',
  tan: 'MUMS12345B',
  accountNumber: '001234567890',
  DATA_ENCRYPTION_KEY: 'base64-key-material',
  connectionString: 'DefaultEndpointsProtocol=https;AccountName=a;AccountKey=azure-account-key',
};

describe('logger redaction', () => {
  it('replaces every password-, token- and identity-number-named field of a nested object at any depth', () => {
    const { logger, written, raw } = capturedLogger();
    const nested = {
      request: {
        headers: { cookie: 'axal.sid=s%3Asession', authorization: 'Bearer abc', 'x-csrf-token': 'header-csrf', accept: 'application/json' },
        body: { rows: [{ row: 2, name: 'Kaveri Textiles', ...SECRETS }], workspaceId: 'w-1' },
      },
      levels: { one: { two: { three: { four: { five: { six: { password: 'deep#Secret9', kept: 'visible' } } } } } } },
    };
    logger.info(nested, 'nested object');

    const [line] = written();
    const text = raw();
    for (const secret of [...Object.values(SECRETS), 'axal.sid=s%3Asession', 'Bearer abc', 'header-csrf', 'deep#Secret9']) {
      expect(text, secret).to.not.include(secret);
    }
    const request = line.request as { headers: Record<string, string>; body: { rows: Record<string, unknown>[]; workspaceId: string } };
    expect(request.headers).to.deep.equal({ cookie: REDACTED, authorization: REDACTED, 'x-csrf-token': REDACTED, accept: 'application/json' });
    expect(request.body.rows[0]).to.deep.equal({
      row: 2,
      name: 'Kaveri Textiles',
      ...Object.fromEntries(Object.keys(SECRETS).map((key) => [key, REDACTED])),
    });
    expect(request.body.workspaceId).to.equal('w-1');
    expect(JSON.stringify(line.levels)).to.include('"kept":"visible"');
  });

  it('keeps what only describes a secret, and survives cycles and very deep objects', () => {
    const { logger, written } = capturedLogger();
    const looped: Record<string, unknown> = { name: 'loop', hasPassword: true, tokenExpiresAt: '2026-01-01T00:00:00.000Z', password: null };
    looped.self = looped;
    let deep: Record<string, unknown> = { token: 'bottom-token' };
    for (let level = 0; level < 50; level++) deep = { next: deep };
    logger.info({ looped, deep }, 'odd shapes');

    const [line] = written();
    expect(line.looped).to.deep.equal({
      name: 'loop',
      hasPassword: true,
      tokenExpiresAt: '2026-01-01T00:00:00.000Z',
      password: null,
      self: '[circular]',
    });
    expect(JSON.stringify(line.deep)).to.include('[too deep]').and.not.include('bottom-token');
  });

  it('scrubs errors, messages, URLs with passwords or signatures, and child logger bindings', () => {
    const { logger, written, raw } = capturedLogger();
    const error = Object.assign(new Error('could not reach postgres://app:db-password@db.internal/practice'), {
      config: { headers: { Authorization: 'Bearer error-token' } },
    });
    logger.error({ err: error }, 'request failed');
    logger.error(error);
    logger.info('download from %s', 'https://storage.example/documents/a.pdf?sv=2024&sig=signature-value');
    logger.child({ job: 'import', apiKey: 'child-api-key' }).child({ token: 'grandchild-token' }).info({ step: 1 }, 'child');

    const text = raw();
    for (const secret of ['db-password', 'Bearer error-token', 'signature-value', 'child-api-key', 'grandchild-token']) {
      expect(text, secret).to.not.include(secret);
    }
    const [withErr, bareError, message, child] = written();
    expect(withErr.err).to.deep.include({ type: 'Error', config: { headers: { Authorization: REDACTED } } });
    expect(bareError.msg).to.equal(`could not reach postgres://app:${REDACTED}@db.internal/practice`);
    expect(message.msg).to.equal(`download from https://storage.example/documents/a.pdf?sv=2024&sig=${REDACTED}`);
    expect(child).to.include({ job: 'import', apiKey: REDACTED, token: REDACTED, step: 1 });
  });

  it('decides by the words of a key, not by letters inside another word', () => {
    for (const key of [
      'password',
      'newPassword',
      'x-csrf-token',
      'set-cookie',
      'Authorization',
      'PAN',
      'clientPan',
      'tanNumber',
      'x-api-key',
      'SESSION_SECRET',
    ]) {
      expect(isSecretKey(key), key).to.equal(true);
    }
    for (const key of ['footprint', 'company', 'span', 'tangent', 'pinCode', 'status', 'tokenExpiresAt', 'passwordChangedAt', 'email', 'code']) {
      expect(isSecretKey(key), key).to.equal(false);
    }
  });
});
