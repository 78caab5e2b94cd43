import {
  call,
  createBusinessClient,
  randomLetters,
  startTestHost,
  type ClientView,
  type RunningHost,
  type TestHost,
  type TestSession,
} from '../../../core/plugin-api/testing';
import { NOTICES_ROUTES, type NoticeActivityView, type NoticeCreateRequest, type NoticeView } from '../shared/wire';
import { NOTICE_AI_OPTIONS, type NoticeAiOptions } from '../server/ai/ai-job';

export * from '../../../core/plugin-api/testing';

/** The core with notices and its optional plugins (tasks, documents), on state of its own. */
export const startNoticesHost = (): Promise<TestHost> => startTestHost({ plugins: ['notices', 'tasks', 'documents'] });

/** The core with notices alone: tasks and documents not installed. */
export const startNoticesOnlyHost = (): Promise<TestHost> => startTestHost({ plugins: ['notices'] });

/** How long a host may take to start: it creates and migrates its database first. */
export const HOST_START_TIMEOUT_MS = 60_000;

/** A business client of the workspace; `email` links a CLIENT member to it. */
export const createClient = (owner: TestSession, workspaceId: string, fields: { name?: string; email?: string } = {}): Promise<ClientView> =>
  createBusinessClient(owner, workspaceId, { emailPrefix: 'notices', ...fields });

type Params = Record<string, unknown>;

export const get = (session: TestSession, route: string, query: Params) => call(session, 'get', `/${route}`).query(query);
export const post = (session: TestSession, route: string, body: Params) => call(session, 'post', `/${route}`, body);
export const put = (session: TestSession, route: string, body: Params) => call(session, 'put', `/${route}`, body);
export const patch = (session: TestSession, route: string, body: Params) => call(session, 'patch', `/${route}`, body);
export const del = (session: TestSession, route: string, body: Params) => call(session, 'delete', `/${route}`, body);

/** A reference no other test shares, shaped like a GST DIN. */
export const uniqueReference = () => `ZD27${randomLetters(4)}${Math.floor(Math.random() * 1e7)}`;

/**
 * A notice made through `POST notices` as `session` (a GST ASMT-10 unless `fields` say otherwise); answers its
 * NoticeView.
 */
export async function createNotice(
  session: TestSession,
  workspaceId: string,
  clientId: string,
  fields: Partial<Omit<NoticeCreateRequest, 'workspaceId' | 'clientId'>> = {},
): Promise<NoticeView> {
  const response = await post(session, NOTICES_ROUTES.create, {
    workspaceId,
    clientId,
    department: 'GST',
    noticeType: 'ASMT-10',
    reference: uniqueReference(),
    description: 'Scrutiny of returns: mismatch between GSTR-1 and GSTR-3B',
    ...fields,
  });
  if (response.status !== 201) throw new Error(`notice creation failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.data;
}

/** The owner of a new workspace with one client: where most suites start. */
export async function workspaceWithClient(host: TestHost, label: string) {
  const owner = await host.signedInUser(label);
  const workspaceId = (await host.createWorkspace(owner)).externalId;
  const client = await createClient(owner, workspaceId);
  return { owner, workspaceId, client };
}

export interface NoticesWorld {
  readonly host: TestHost;
  readonly owner: TestSession;
  readonly workspaceId: string;
  readonly client: ClientView;
}

/**
 * Registers the hooks of a suite on a host of its own (`startNoticesHost` unless `startHost` says otherwise) with the
 * owner of a new workspace with one client; the host stops after the suite. Call it inside `describe`; read the
 * answer inside hooks and tests, once the suite's `before` has run.
 */
export function useNoticesWorld(label: string, { startHost = startNoticesHost }: { startHost?: () => Promise<TestHost> } = {}): NoticesWorld {
  let host: TestHost | undefined;
  let members: Awaited<ReturnType<typeof workspaceWithClient>> | undefined;
  before(async function () {
    this.timeout(HOST_START_TIMEOUT_MS);
    host = await startHost();
    members = await workspaceWithClient(host, label);
  });
  after(() => host?.stop());
  const ready = () => {
    if (!host || !members) throw new Error(`the notices world "${label}" is read before its suite's before hook has run`);
    return { host, ...members };
  };
  return {
    get host() {
      return ready().host;
    },
    get owner() {
      return ready().owner;
    },
    get workspaceId() {
      return ready().workspaceId;
    },
    get client() {
      return ready().client;
    },
  };
}

/** The notice as `session` sees it. */
export async function noticeOf(session: TestSession, workspaceId: string, noticeId: string): Promise<NoticeView> {
  return (await get(session, NOTICES_ROUTES.notice(noticeId), { workspaceId }).expect(200)).body.data;
}

/** The Activity card's entries, newest first. */
export async function activityOf(session: TestSession, workspaceId: string, noticeId: string): Promise<NoticeActivityView[]> {
  return (await get(session, NOTICES_ROUTES.activities(noticeId), { workspaceId }).expect(200)).body.data;
}

/** The Activity card's entries in words, newest first. */
export async function actionsOf(session: TestSession, workspaceId: string, noticeId: string): Promise<string[]> {
  return (await activityOf(session, workspaceId, noticeId)).map((entry) => entry.action);
}

/** How long process-ai waits for its job before answering 202 with the job's id (0: at once, so the caller follows it). */
export function answerProcessAiWithin(running: RunningHost, waitMs: number): void {
  running.host.container.rebind<NoticeAiOptions>(NOTICE_AI_OPTIONS).toConstantValue({ waitMs });
}
