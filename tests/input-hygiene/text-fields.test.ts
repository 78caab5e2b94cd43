import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { expect } from 'chai';
import fc from 'fast-check';
import { API, APP } from '../../core/plugin-api/testing/http';
import { sharedHost } from '../../core/plugin-api/testing/root-hooks';
import { mountedRoutes, type MountedRoute } from '../../core/plugin-api/testing/route-inventory';
import { stepUp } from '../../core/plugin-api/testing/step-up';
import { startTestHost, type TestHost } from '../../core/plugin-api/testing/test-host';
import { call, type Method } from '../../core/workspaces/tests/support';
import { FIXED_PATH_VALUES, FUZZED_ROUTES, type FuzzedRoute, type FuzzIds } from './fuzzed-routes';

/**
 * Issue 12 item 11, tried as an attacker would: every path parameter, query value and body value of every mounted
 * route (FUZZED_ROUTES) gets generated strings (control characters, lone surrogates, SQL and path punctuation, and
 * strings of up to 200,000 characters) from a signed-in owner of a workspace with data, and no answer is a 5xx.
 * The run is bounded (RUNS_PER_VALUE per value) and reproducible: the seed is fixed and printed with any failure;
 * set FUZZ_SEED to try another, and FUZZ_RUNS for a longer run.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_212);
const RUNS_PER_VALUE = Number(process.env.FUZZ_RUNS ?? 16);

const CONTROL_CHARACTERS = [...Array(0xa0).keys()].filter((code) => code < 0x20 || code >= 0x7f).map((code) => String.fromCharCode(code));
const TRICKY_PIECES = [
  '%',
  '_',
  '\\',
  "'",
  '"',
  '`',
  '../',
  '..\\',
  '/',
  '?',
  '#',
  '&',
  '=',
  '%00',
  '<script>',
  '${x}',
  '\u202e',
  '\ufeff',
  '\u2028',
  'Ａ',
  '😀',
];

/** NUL as often as all the others together: it is the one PostgreSQL cannot store at all. */
const controlCharacter = fc.oneof(fc.constant('\u0000'), fc.constantFrom(...CONTROL_CHARACTERS));
const piece = fc.oneof(
  controlCharacter,
  fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code)),
  fc.constantFrom(...TRICKY_PIECES),
  fc.string({ unit: 'grapheme', maxLength: 8 }),
  fc.string({ unit: 'binary', maxLength: 8 }),
);
const shortText = fc.array(piece, { maxLength: 10 }).map((pieces) => pieces.join(''));
/**
 * Long enough to pass any field's bound: the general body limit is 100 KB (beyond it a body is refused unread), and
 * Node refuses a request line and headers beyond 16 KB, so a path or query value longer than 20,000 characters tests
 * nothing more and only costs the time of encoding it.
 */
const LONGEST_TEXT = { path: 20_000, query: 20_000, body: 200_000 } as const;
const longText = (maxLength: number) =>
  fc
    .tuple(shortText, fc.constantFrom('x', 'é', '\u0000', '😀', ' '), fc.integer({ min: 1_000, max: maxLength }), shortText)
    .map(([head, filler, length, tail]) => `${head}${filler.repeat(length)}${tail}`);
/** The value the route expects with a control character slipped in, so the string gets past the shape checks. */
const withControlCharacter = (valid: string) =>
  fc.tuple(fc.nat(), controlCharacter).map(([at, control]) => {
    const text = valid;
    const position = text.length ? at % (text.length + 1) : 0;
    return `${text.slice(0, position)}${control}${text.slice(position)}`;
  });

const fuzzedString = (valid: string, where: keyof typeof LONGEST_TEXT) =>
  fc.oneof(
    { weight: 5, arbitrary: shortText },
    { weight: 3, arbitrary: withControlCharacter(valid) },
    { weight: 1, arbitrary: longText(LONGEST_TEXT[where]) },
  );

/** A signed-in browser session as fetch sends it: its cookie and CSRF token. */
interface FetchSession {
  cookie: string;
  csrf: string;
}

const cookieOf = (response: Response, previous = '') => {
  const cookies = response.headers.getSetCookie().map((header) => header.split(';')[0]);
  return cookies.length ? cookies.join('; ') : previous;
};

async function visitorSession(baseUrl: string): Promise<FetchSession> {
  const response = await fetch(`${baseUrl}${APP}/auth/csrf`);
  const { csrfToken } = (await response.json()) as { csrfToken: string };
  return { cookie: cookieOf(response), csrf: csrfToken };
}

async function signedInSession(baseUrl: string, email: string, password: string): Promise<FetchSession> {
  const visitor = await visitorSession(baseUrl);
  const response = await fetch(`${baseUrl}${APP}/auth/login`, {
    method: 'POST',
    headers: { cookie: visitor.cookie, 'x-csrf-token': visitor.csrf, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = (await response.json()) as { csrfToken?: string };
  if (response.status !== 200 || !body.csrfToken) throw new Error(`sign-in failed: ${response.status} ${JSON.stringify(body)}`);
  return { cookie: cookieOf(response, visitor.cookie), csrf: body.csrfToken };
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Percent-encodes any string; a lone surrogate goes as U+FFFD, as UTF-8 has no other way to send it. */
const percentEncoded = (text: string) => encodeURIComponent(text.replace(LONE_SURROGATE, '\ufffd'));

interface Request {
  method: Method;
  /** Path segments, each sent percent-encoded. */
  segments: string[];
  query?: Record<string, unknown>;
  body?: Record<string, unknown>;
}

/** Sends a request and answers its status, without reading the body (an event stream would never end). */
async function statusOf(baseUrl: string, session: FetchSession, request: Request): Promise<number> {
  const query = Object.entries(request.query ?? {})
    .map(([key, value]) => `${percentEncoded(key)}=${percentEncoded(String(value))}`)
    .join('&');
  const path = `/${request.segments.map(percentEncoded).join('/')}${query ? `?${query}` : ''}`;
  const response = await fetch(`${baseUrl}${path}`, {
    method: request.method.toUpperCase(),
    headers: { cookie: session.cookie, 'x-csrf-token': session.csrf, accept: 'application/json', 'content-type': 'application/json' },
    body: request.body === undefined ? undefined : JSON.stringify(request.body),
    redirect: 'manual',
    signal: AbortSignal.timeout(20_000),
  });
  await response.body?.cancel();
  return response.status;
}

type Location = { in: 'path'; index: number } | { in: 'query' | 'body'; keys: (string | number)[] };

const describeLocation = (location: Location, route: FuzzedRoute) =>
  location.in === 'path' ? `path ${route.route.split('/').slice(1)[location.index]}` : `${location.in} ${location.keys.join('.')}`;

/** Every leaf of a query or body: strings, numbers, booleans and nulls, at any depth. */
function leavesOf(value: unknown, keys: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return value.flatMap((item, index) => leavesOf(item, [...keys, index]));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => leavesOf(item, [...keys, key]));
  return value === undefined ? [] : [keys];
}

/** A value as the text a generated string is made from: a number or a boolean as JSON writes it. */
const textOf = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

const valueAt = (value: unknown, keys: (string | number)[]): unknown =>
  keys.reduce<unknown>((current, key) => (current as Record<string | number, unknown>)[key], value);

function replacedAt<T>(value: T, keys: (string | number)[], replacement: unknown): T {
  if (!keys.length) return replacement as T;
  const [key, ...rest] = keys;
  const copy = (Array.isArray(value) ? [...value] : { ...value }) as Record<string | number, unknown>;
  copy[key] = replacedAt(copy[key], rest, replacement);
  return copy as T;
}

function filled<T>(value: T, ids: FuzzIds): T {
  if (typeof value === 'string' && value.startsWith(':')) {
    const name = value.slice(1) as keyof FuzzIds;
    if (!(name in ids)) throw new Error(`No fixture value for ${value}`);
    return ids[name] as T;
  }
  if (Array.isArray(value)) return value.map((item) => filled(item, ids)) as T;
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, filled(item, ids)])) as T;
  return value;
}

/** The route's path with each parameter filled from the fixture; a wildcard takes one segment. */
function segmentsOf({ route, params = {} }: FuzzedRoute, ids: FuzzIds): string[] {
  return route
    .split('/')
    .slice(1)
    .map((segment) => {
      const name = /^:(\w+)$/.exec(segment)?.[1] ?? /^\{\*(\w+)\}$/.exec(segment)?.[1];
      if (!name) return segment;
      if (name in params) return filled(params[name], ids);
      if (name in ids) return String(ids[name as keyof FuzzIds]);
      if (name in FIXED_PATH_VALUES) return FIXED_PATH_VALUES[name];
      throw new Error(`No value for the path parameter ${name} of ${route}`);
    });
}

/** Every value a route's request carries that the fuzzer replaces in turn. */
function locationsOf(route: FuzzedRoute): Location[] {
  const pathParameters = route.route
    .split('/')
    .slice(1)
    .flatMap((segment, index): Location[] => (/^(:\w+|\{\*\w+\})$/.test(segment) ? [{ in: 'path', index }] : []));
  return [
    ...pathParameters,
    ...leavesOf(route.query ?? {}).map((keys): Location => ({ in: 'query', keys })),
    ...leavesOf(route.body ?? {}).map((keys): Location => ({ in: 'body', keys })),
  ];
}

function requestWith(route: FuzzedRoute, ids: FuzzIds, location: Location, text: string): Request {
  const segments = segmentsOf(route, ids);
  const query = route.query && filled(route.query, ids);
  const body = route.body && filled(route.body, ids);
  if (location.in === 'path')
    return { method: route.method, segments: segments.map((segment, index) => (index === location.index ? text : segment)), query, body };
  if (location.in === 'query') return { method: route.method, segments, query: replacedAt(query ?? {}, location.keys, text), body };
  return { method: route.method, segments, query, body: replacedAt(body ?? {}, location.keys, text) };
}

const routeKey = ({ method, path }: MountedRoute) => `${method} ${path}`;

/** The mounted routes that FUZZED_ROUTES leaves out, and its entries for routes nobody mounts. */
function coverageGaps(mounted: MountedRoute[]) {
  const mountedKeys = new Set(mounted.map(routeKey));
  const listed = new Set(FUZZED_ROUTES.map((route) => routeKey({ method: route.method, path: route.route })));
  return { missing: [...mountedKeys].filter((key) => !listed.has(key)), stale: [...listed].filter((key) => !mountedKeys.has(key)) };
}

const PDF = '%PDF-1.4\n';

/** A workspace with a record of every kind the routes name, owned by a user who then signs in again through fetch. */
async function fuzzFixture(host: TestHost): Promise<{ ids: FuzzIds; owner: FetchSession; visitor: FetchSession }> {
  const owner = await host.signedInUser('fuzz-owner');
  const workspace = await host.createWorkspace(owner, 'Fuzz Firm');
  const workspaceId = workspace.externalId;
  const member = await host.memberWithRole(owner, workspaceId, 'EMPLOYEE');
  const invited = await call(owner, 'post', `/workspaces/${workspaceId}/members`, {
    email: `fuzz-invitee.${randomUUID().slice(0, 8)}@firm.example`,
    role: 'EMPLOYEE',
  });
  const pan = 'FUZZC1234B';
  const business = await call(owner, 'post', '/clients', {
    clientType: 'BUSINESS',
    name: 'Fuzz Traders',
    email: 'fuzz.traders@clients.example',
    phone: '9876543210',
    panNumber: pan,
    businessAddress: '14, Kalbadevi Road, Mumbai',
    workspaceExternalId: workspaceId,
  }).expect(201);
  const individual = await call(owner, 'post', '/clients', {
    clientType: 'INDIVIDUAL',
    name: 'Priya Fuzz',
    email: 'priya.fuzz@clients.example',
    phone: '9845098450',
    panNumber: 'FUZZP4321M',
    residentialAddress: 'Flat 5B, Lake View, Kochi',
    aadhaarNumber: '234567890123',
    workspaceExternalId: workspaceId,
  }).expect(201);
  const clientId: string = business.body.client.externalId;
  await call(owner, 'post', `/clients/${clientId}/notes`, { workspaceId, content: 'First note' }).expect(201);
  await stepUp(owner);
  await call(owner, 'post', `/clients/${clientId}/credentials`, {
    workspaceId,
    platformName: 'GST',
    username: 'fuzz_gst',
    password: 'Fuzz#Portal1',
  }).expect(201);
  const started = await call(owner, 'post', '/clients/credentials/import', {
    rows: [
      {
        email: 'fuzz.itr@clients.example',
        platform: 'Income Tax',
        username: 'fuzz_itr',
        password: 'Fuzz#Itr1',
        name: 'Fuzz Traders',
        phone: '9876543210',
        panNumber: pan,
      },
    ],
  })
    .query({ workspaceId })
    .expect(202);
  await importFinished(owner, workspaceId, started.body.importId);
  const notifications = await call(owner, 'get', '/notifications').query({ workspaceId }).expect(200);
  await call(owner, 'post', '/documents/directories/create', { workspaceId, path: 'Fuzz', clientId }).expect(201);
  const fileKey = await uploadedFile(owner, workspaceId, 'fuzz.pdf');
  const document = await call(owner, 'post', '/documents/create', {
    workspaceExternalId: workspaceId,
    fileKey,
    filename: 'fuzz.pdf',
    size: PDF.length,
    directory: 'Fuzz',
  }).expect(201);
  await call(owner, 'put', `/workspaces/${workspaceId}/plugins/example-extensions`, { enabled: true }).expect(200);
  await call(owner, 'post', '/example-extensions/reminders', { workspaceId, title: 'Fuzz filing', dueOn: '2025-03-31', clientId }).expect(201);
  await call(owner, 'post', '/gate-fixture/notes', { workspaceId, text: 'Fuzz note' }).expect(201);
  const ids: FuzzIds = {
    workspaceId,
    workspaceName: workspace.name,
    memberId: member.user.externalId,
    invitationId: invited.body.invitation?.externalId ?? randomUUID(),
    clientId,
    individualClientId: individual.body.client.externalId,
    importId: started.body.importId,
    notificationId: notifications.body.notifications[0]?.id ?? randomUUID(),
    documentId: document.body.document.id,
    fileKey,
    unregisteredFileKey: await uploadedFile(owner, workspaceId, 'unregistered.pdf'),
    missingId: randomUUID(),
    ownerEmail: owner.user.email,
    ownerPassword: owner.password,
    newEmail: `fuzz-new.${randomUUID().slice(0, 8)}@firm.example`,
    pan,
    newPan: 'FUZZN1234Q',
  };
  return { ids, owner: await signedInSession(host.baseUrl, owner.user.email, owner.password), visitor: await visitorSession(host.baseUrl) };

  async function uploadedFile(session: typeof owner, id: string, filename: string): Promise<string> {
    const presigned = await call(session, 'get', '/documents/presign')
      .query({ workspaceId: id, filename, size: PDF.length, directory: 'Fuzz' })
      .expect(200);
    const put = await fetch(presigned.body.url, {
      method: 'PUT',
      headers: { 'x-ms-blob-type': 'BlockBlob', 'Content-Type': 'application/pdf' },
      body: PDF,
    });
    expect(put.status).to.equal(201);
    return presigned.body.fileKey;
  }
}

async function importFinished(session: Parameters<typeof call>[0], workspaceId: string, importId: string): Promise<void> {
  for (let attempt = 0; attempt < 400; attempt++) {
    const { body } = await call(session, 'get', `/clients/credentials/import/${importId}`).query({ workspaceId }).expect(200);
    if (body.status === 'completed' || body.status === 'failed') return;
    await delay(25);
  }
  throw new Error('the fixture credential import did not finish');
}

describe('no generated string in any field of any route gets a 5xx (issue 12 item 11)', function () {
  // The whole run is bounded: about a dozen requests per value, each answered in milliseconds.
  this.timeout(120_000);
  let host: TestHost;
  let ids: FuzzIds;
  let sessions: Record<'owner' | 'visitor', FetchSession>;

  before(async function () {
    this.timeout(60_000);
    // A host of its own: the fuzzer's failed sign-ins and step-ups must not throttle the other tests' address.
    host = await startTestHost({ plugins: sharedHost().host.registry.plugins.map((plugin) => plugin.manifest.id) });
    const fixture = await fuzzFixture(host);
    ids = fixture.ids;
    sessions = { owner: fixture.owner, visitor: fixture.visitor };
  });

  after(async function () {
    this.timeout(60_000);
    await host?.stop();
  });

  it('has an entry for every route the app mounts, and none for a route it does not mount', () => {
    const { app } = host.host;
    if (!app) throw new Error('The fuzz host serves no HTTP');
    const mounted = mountedRoutes(app.router);
    expect(mounted.map(routeKey)).to.include.members([`get ${API}/clients/:clientId`, `post ${APP}/auth/signup`, 'get /healthz']);
    const { missing, stale } = coverageGaps(mounted);
    if (missing.length || stale.length) {
      expect.fail(
        [
          ...(missing.length
            ? [`${missing.length} mounted route(s) without an entry in tests/input-hygiene/fuzzed-routes.ts:`, ...missing.map((key) => `  ${key}`)]
            : []),
          ...(stale.length ? [`${stale.length} entr(y|ies) for routes the app does not mount:`, ...stale.map((key) => `  ${key}`)] : []),
          'Give each route an entry with a request it accepts (or `readsNothing` and why).',
        ].join('\n'),
      );
    }
    for (const route of FUZZED_ROUTES) {
      const locations = locationsOf(route);
      expect(Boolean(route.readsNothing), `${route.method} ${route.route}: readsNothing and values to fuzz`).to.equal(locations.length === 0);
    }
  });

  for (const route of FUZZED_ROUTES.filter((entry) => !entry.readsNothing)) {
    const label = `${route.method.toUpperCase()} ${route.route}${route.body ? ` ${Object.keys(route.body).join(',')}` : ''}`;
    it(label, async () => {
      const session = () => sessions[route.as ?? 'owner'];
      // Routes behind "Verify Your Identity" are tried as the web app sends them, after it.
      await stepUpAgain(host.baseUrl, session(), ids.ownerPassword);
      // Each value of the route on its own, side by side: the requests wait on the database far more than on the CPU.
      await Promise.all(
        locationsOf(route).map((location) => {
          const valid =
            location.in === 'path' ? segmentsOf(route, ids)[location.index] : textOf(valueAt(filled(route[location.in], ids), location.keys));
          return fc.assert(
            fc.asyncProperty(fuzzedString(valid, location.in), async (text) => {
              const status = await statusOf(host.baseUrl, session(), requestWith(route, ids, location, text));
              expect(status, `${label}, ${describeLocation(location, route)}`).to.be.below(500);
            }),
            { seed: SEED, numRuns: RUNS_PER_VALUE, endOnFailure: true },
          );
        }),
      );
    });
  }
});

/** Step-up as the web app does it; a visitor has nothing to step up. */
async function stepUpAgain(baseUrl: string, session: FetchSession, password: string): Promise<void> {
  await fetch(`${baseUrl}${API}/me/step-up`, {
    method: 'POST',
    headers: { cookie: session.cookie, 'x-csrf-token': session.csrf, 'content-type': 'application/json' },
    body: JSON.stringify({ password }),
  }).then((response) => response.body?.cancel());
}
