import { expect } from 'chai';
import { sharedHost } from '../../plugin-api/testing/root-hooks';
import { APP, newAgent, STRONG_PASSWORD, uniqueEmail } from '../../plugin-api/testing/http';

const SIGNUP = `${APP}/auth/signup`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

async function postSignup(body: unknown, contentType = 'application/json') {
  const { agent, csrf } = await newAgent();
  const payload = typeof body === 'string' ? body : JSON.stringify(body);
  return agent.post(SIGNUP).set('X-CSRF-Token', csrf).set('Content-Type', contentType).send(payload);
}

const validSignup = (overrides: Record<string, unknown> = {}) => ({
  name: 'Asha Mehta',
  email: uniqueEmail('signup'),
  password: STRONG_PASSWORD,
  confirmPassword: STRONG_PASSWORD,
  ...overrides,
});

/** A 400 whose headline is `message` and whose details carry it for `field`. */
function expectFieldError(
  response: { status: number; body: { error?: unknown; details?: Record<string, string[]> } },
  field: string,
  message: string,
) {
  expect(response.status, JSON.stringify(response.body)).to.equal(400);
  expect(response.body.error).to.equal(message);
  expect(response.body.details).to.be.an('object');
  expect(response.body.details?.[field]).to.include(message);
}

const storedUser = (email: string) =>
  sharedHost()
    .host.knex('users')
    .whereRaw('lower(email) = lower(?)', [email])
    .first<{ name: string; email: string; password_hash: string | null } | undefined>('name', 'email', 'password_hash');

describe('POST {app}/auth/signup', () => {
  it('creates the account: 201 with the public user and the spec message asking to verify the email', async () => {
    const body = validSignup();
    const response = await postSignup(body);
    expect(response.status, JSON.stringify(response.body)).to.equal(201);
    expect(response.body).to.deep.equal({
      user: { externalId: response.body.user.externalId, name: 'Asha Mehta', email: body.email, image: null },
      message: 'Account created: Please check your email to verify your account.',
    });
    expect(response.body.user.externalId).to.match(UUID);
  });

  it('does not sign the new user in: success leads to the login page (spec 4)', async () => {
    const { agent, csrf } = await newAgent();
    await agent.post(SIGNUP).set('X-CSRF-Token', csrf).send(validSignup()).expect(201);
    await agent.get(`${APP}/auth/session`).expect(401);
  });

  it('stores a salted scrypt hash, never the password itself', async () => {
    const first = validSignup();
    const second = validSignup();
    await postSignup(first).then((response) => expect(response.status).to.equal(201));
    await postSignup(second).then((response) => expect(response.status).to.equal(201));
    const [firstRow, secondRow] = await Promise.all([storedUser(first.email), storedUser(second.email)]);
    for (const row of [firstRow, secondRow]) {
      expect(row?.password_hash).to.match(/^scrypt\$\d+\$8\$1\$[A-Za-z0-9+/]+=*\$[A-Za-z0-9+/]+=*$/);
      expect(row?.password_hash).not.to.include(STRONG_PASSWORD);
    }
    expect(firstRow?.password_hash).not.to.equal(secondRow?.password_hash);
  });

  it('stores the name trimmed', async () => {
    const body = validSignup({ name: '   Asha Mehta   ' });
    const response = await postSignup(body);
    expect(response.status).to.equal(201);
    expect(response.body.user.name).to.equal('Asha Mehta');
    expect((await storedUser(body.email))?.name).to.equal('Asha Mehta');
  });

  describe('validation (spec 5.2): 400 with the message for each rule', () => {
    it('name shorter than 3 characters', async () => {
      expectFieldError(await postSignup(validSignup({ name: 'Al' })), 'name', 'Name must be at least 3 characters');
    });

    it('name that is only 3 characters once trimmed is counted after trimming', async () => {
      expectFieldError(await postSignup(validSignup({ name: '  Al  ' })), 'name', 'Name must be at least 3 characters');
    });

    it('name with digits', async () => {
      expectFieldError(await postSignup(validSignup({ name: 'Asha 2' })), 'name', 'Name can only contain letters and spaces');
    });

    it('name with punctuation', async () => {
      expectFieldError(await postSignup(validSignup({ name: "Asha O'Neil" })), 'name', 'Name can only contain letters and spaces');
    });

    for (const email of ['not-an-email', 'asha@', '@firm.example', 'asha firm@example.com', '']) {
      it(`invalid email ${JSON.stringify(email)}`, async () => {
        expectFieldError(await postSignup(validSignup({ email })), 'email', 'Please enter a valid email address');
      });
    }

    const passwordRules: Array<[string, string, string]> = [
      ['shorter than 12 characters', 'Sh0rt#Pw', 'Password must be at least 12 characters'],
      ['without an uppercase letter', 'sturdy#ledger2026', 'Password must contain at least one uppercase letter'],
      ['without a lowercase letter', 'STURDY#LEDGER2026', 'Password must contain at least one lowercase letter'],
      ['without a digit', 'Sturdy#Ledger#Xy', 'Password must contain at least one number'],
      ['without a special character', 'SturdyLedger2026', 'Password must contain at least one special character'],
      ['with a character three times in a row', 'Sturdy#Leddder26', 'Password must not repeat a character more than twice in a row'],
      ['containing "password"', 'My#Password2026', 'Password must not contain common patterns like "password", "123" or "abc"'],
      ['containing "123"', 'Sturdy#Ledger123', 'Password must not contain common patterns like "password", "123" or "abc"'],
      ['containing "abc" in any case', 'Sturdy#LedgerABC26', 'Password must not contain common patterns like "password", "123" or "abc"'],
    ];
    for (const [rule, password, message] of passwordRules) {
      it(`password ${rule}`, async () => {
        const response = await postSignup(validSignup({ password, confirmPassword: password }));
        expectFieldError(response, 'password', message);
        // Each sample breaks exactly one rule, so the answer names only that one.
        expect(response.body.details).to.deep.equal({ password: [message] });
      });
    }

    it('a character repeated exactly twice is allowed', async () => {
      const password = 'Sturdy#Leddger26';
      const response = await postSignup(validSignup({ password, confirmPassword: password }));
      expect(response.status, JSON.stringify(response.body)).to.equal(201);
    });

    it('confirmation that does not match', async () => {
      const response = await postSignup(validSignup({ confirmPassword: `${STRONG_PASSWORD}x` }));
      expectFieldError(response, 'confirmPassword', "Passwords don't match");
    });
  });

  describe('malformed input answers 400, never 500', () => {
    it('an empty object names every missing field', async () => {
      const response = await postSignup({});
      expect(response.status).to.equal(400);
      expect(response.body.details).to.have.all.keys('name', 'email', 'password', 'confirmPassword');
      expect(response.body.details.email).to.deep.equal(['Please enter a valid email address']);
    });

    for (const field of ['name', 'email', 'password', 'confirmPassword'] as const) {
      it(`missing ${field}`, async () => {
        const body: Record<string, unknown> = validSignup();
        delete body[field];
        const response = await postSignup(body);
        expect(response.status).to.equal(400);
        expect(response.body.details).to.have.property(field);
      });
    }

    const wrongTypes: Array<[string, unknown]> = [
      ['numbers', { name: 12345, email: 42, password: 123456789012, confirmPassword: 123456789012 }],
      ['arrays', { name: ['Asha'], email: ['a@firm.example'], password: [STRONG_PASSWORD], confirmPassword: [STRONG_PASSWORD] }],
      ['nulls', { name: null, email: null, password: null, confirmPassword: null }],
      ['objects', { name: { first: 'Asha' }, email: {}, password: {}, confirmPassword: {} }],
      ['booleans', { name: true, email: false, password: true, confirmPassword: true }],
    ];
    for (const [label, body] of wrongTypes) {
      it(`fields given as ${label}`, async () => {
        const response = await postSignup(body);
        expect(response.status).to.equal(400);
        expect(response.body.error).to.be.a('string');
        expect(response.body.details).to.have.all.keys('name', 'email', 'password', 'confirmPassword');
      });
    }

    const badBodies: Array<[string, string, string?]> = [
      ['a JSON null body', 'null'],
      ['a JSON array body', '[]'],
      ['a JSON string body', '"Asha"'],
      ['a JSON number body', '42'],
      ['malformed JSON', '{"name": "Asha",'],
      ['a form-encoded body', 'name=Asha+Mehta&email=a%40firm.example', 'application/x-www-form-urlencoded'],
      ['no body at all', ''],
    ];
    for (const [label, body, contentType] of badBodies) {
      it(label, async () => {
        const response = await postSignup(body, contentType);
        expect(response.status).to.equal(400);
        expect(response.body.error).to.be.a('string').and.not.equal('Internal server error');
      });
    }
  });

  describe('an email that is already registered', () => {
    const ALREADY_REGISTERED = { error: 'This email is already registered. Please login instead.' };

    it('answers 409 with the spec wording', async () => {
      const body = validSignup();
      expect((await postSignup(body)).status).to.equal(201);
      const again = await postSignup({ ...body, name: 'Someone Else' });
      expect(again.status).to.equal(409);
      expect(again.body).to.deep.equal(ALREADY_REGISTERED);
    });

    it('answers 409 when only the letter case differs', async () => {
      const body = validSignup({ email: uniqueEmail('Case.Sensitive') });
      expect((await postSignup(body)).status).to.equal(201);
      const shouting = await postSignup({ ...body, email: body.email.toUpperCase() });
      expect(shouting.status).to.equal(409);
      expect(shouting.body).to.deep.equal(ALREADY_REGISTERED);
      const padded = await postSignup({ ...body, email: `  ${body.email}  ` });
      expect(padded.status).to.equal(409);
      const count = await sharedHost().host.knex('users').whereRaw('lower(email) = lower(?)', [body.email]).count<[{ count: number }]>('* as count');
      expect(Number(count[0].count)).to.equal(1);
    });

    it('lets only one of two simultaneous sign-ups for one email through', async () => {
      const body = validSignup();
      const answers = await Promise.all([postSignup(body), postSignup({ ...body, email: body.email.toUpperCase() })]);
      expect(answers.map((answer) => answer.status).sort((a, b) => a - b)).to.deep.equal([201, 409]);
    });
  });
});
