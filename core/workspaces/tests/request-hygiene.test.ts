import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { createWorkspace, memberWithRole, signedInUser, uniqueEmail, type TestSession } from '../../plugin-api/testing/http';
import { call, callWithRawJson, dataOfWorkspace, internalIdOf, WORKSPACE_NOT_FOUND, type Method } from './support';

interface Ids {
  workspaceId: string;
  memberId: string;
  invitationId: string;
  pluginId: string;
}

interface Route {
  method: Method;
  path: string;
  /** A body the route accepts, so that only the part under test is wrong. */
  body?: (ids: Ids) => object;
  /** Bodies of the wrong shape, each with the error it must get. */
  invalid?: { body: unknown; error: string }[];
  /** Ids other than the workspace's that must be answered with 404 when unknown or malformed. */
  notFound?: { param: keyof Ids; ids: string[]; error: string }[];
}

const MALFORMED_IDS = ['not-a-uuid', '12', `${randomUUID()}0`, 'ZZZZZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZZZZZZZZZ'];
const NAME_ERROR = 'Workspace name must be at least 3 characters';
const EMAIL_ERROR = 'Please enter a valid email address';
const ROLE_ERROR = 'Role must be one of OWNER, ADMIN, EMPLOYEE or CLIENT';
const SWITCH_ERROR = 'enabled must be true or false';

const ROUTES: Route[] = [
  { method: 'get', path: '/workspaces' },
  {
    method: 'post',
    path: '/workspaces',
    body: () => ({ name: 'Fresh Firm' }),
    invalid: [
      { body: { name: 42 }, error: NAME_ERROR },
      { body: { name: ['Fresh Firm'] }, error: NAME_ERROR },
      { body: { name: null }, error: NAME_ERROR },
      { body: {}, error: NAME_ERROR },
    ],
  },
  { method: 'get', path: '/workspaces/:workspaceId' },
  {
    method: 'patch',
    path: '/workspaces/:workspaceId',
    body: () => ({ name: 'Renamed Firm' }),
    invalid: [
      { body: { name: 42 }, error: NAME_ERROR },
      { body: { name: { first: 'Firm' } }, error: NAME_ERROR },
      { body: {}, error: NAME_ERROR },
    ],
  },
  { method: 'get', path: '/workspaces/:workspaceId/role' },
  { method: 'get', path: '/workspaces/:workspaceId/members' },
  {
    method: 'post',
    path: '/workspaces/:workspaceId/members',
    body: () => ({ email: uniqueEmail('hygiene'), role: 'CLIENT' }),
    invalid: [
      { body: { email: 'not an email', role: 'CLIENT' }, error: EMAIL_ERROR },
      { body: { email: 42, role: 'CLIENT' }, error: EMAIL_ERROR },
      { body: { role: 'CLIENT' }, error: EMAIL_ERROR },
      { body: { email: 'ravi@firm.example', role: 'KING' }, error: ROLE_ERROR },
      { body: { email: 'ravi@firm.example', role: 'admin' }, error: ROLE_ERROR },
      { body: { email: 'ravi@firm.example' }, error: ROLE_ERROR },
    ],
  },
  {
    method: 'patch',
    path: '/workspaces/:workspaceId/members/:memberId',
    body: () => ({ role: 'CLIENT' }),
    invalid: [
      { body: { role: 'owner' }, error: ROLE_ERROR },
      { body: { role: 3 }, error: ROLE_ERROR },
      { body: {}, error: ROLE_ERROR },
    ],
    notFound: [{ param: 'memberId', ids: [randomUUID(), ...MALFORMED_IDS], error: 'Member not found' }],
  },
  {
    method: 'delete',
    path: '/workspaces/:workspaceId/members/:memberId',
    notFound: [{ param: 'memberId', ids: [randomUUID(), ...MALFORMED_IDS], error: 'Member not found' }],
  },
  {
    method: 'delete',
    path: '/workspaces/:workspaceId/invitations/:invitationId',
    notFound: [{ param: 'invitationId', ids: [randomUUID(), ...MALFORMED_IDS], error: 'Invitation not found' }],
  },
  { method: 'get', path: '/workspaces/:workspaceId/activity' },
  { method: 'get', path: '/plugins' },
  { method: 'get', path: '/workspaces/:workspaceId/plugins' },
  {
    method: 'put',
    path: '/workspaces/:workspaceId/plugins/:pluginId',
    body: () => ({ enabled: false }),
    invalid: [
      { body: { enabled: 'false' }, error: SWITCH_ERROR },
      { body: { enabled: 0 }, error: SWITCH_ERROR },
      { body: {}, error: SWITCH_ERROR },
    ],
    notFound: [{ param: 'pluginId', ids: ['payroll', 'not-a-plugin', randomUUID()], error: 'Plugin not found' }],
  },
  {
    method: 'delete',
    path: '/workspaces/:workspaceId',
    body: () => ({ confirmation: 'Hygiene Firm' }),
    invalid: [
      { body: { confirmation: 42 }, error: 'Invalid confirmation' },
      { body: { confirmation: null }, error: 'Invalid confirmation' },
      { body: {}, error: 'Invalid confirmation' },
    ],
  },
  {
    method: 'post',
    path: '/workspaces/:workspaceId/delete',
    body: () => ({ confirmation: 'Hygiene Firm' }),
    invalid: [
      { body: { confirmation: true }, error: 'Invalid confirmation' },
      { body: {}, error: 'Invalid confirmation' },
    ],
  },
];

const fill = (template: string, ids: Ids) => template.replace(/:(\w+)/g, (_, name: keyof Ids) => ids[name]);
const label = (route: Route) => `${route.method.toUpperCase()} ${route.path}`;

describe('request hygiene of the workspace routes', () => {
  let owner: TestSession;
  let ids: Ids;
  let untouched: Record<string, unknown[]>;

  before(async () => {
    owner = await signedInUser('hygiene-owner');
    const workspace = await createWorkspace(owner, 'Hygiene Firm');
    const member = await memberWithRole(owner, workspace.externalId, 'EMPLOYEE');
    const invited = await call(owner, 'post', `/workspaces/${workspace.externalId}/members`, {
      email: uniqueEmail('invited'),
      role: 'CLIENT',
    }).expect(202);
    ids = {
      workspaceId: workspace.externalId,
      memberId: member.user.externalId,
      invitationId: invited.body.invitation.externalId,
      pluginId: 'tasks',
    };
    untouched = await dataOfWorkspace(await internalIdOf(workspace.externalId));
  });

  // Every request below is refused, so the workspace must end as it began.
  after(async () => {
    expect(await dataOfWorkspace(await internalIdOf(ids.workspaceId))).to.deep.equal(untouched);
  });

  for (const route of ROUTES) {
    describe(label(route), () => {
      it('answers malformed JSON with 400', async () => {
        for (const raw of ['{"name": "Firm"', '{name: 1}', "{'a': 1}", 'null', '"text"', '{"a":1}}']) {
          const response = await callWithRawJson(owner, route.method, fill(route.path, ids), raw);
          expect(response.status, raw).to.equal(400);
          expect(response.body, raw).to.deep.equal({ error: 'Malformed JSON in request body' });
        }
      });

      it('answers a body over 1 MB with 413', async () => {
        const raw = JSON.stringify({ ...route.body?.(ids), padding: 'x'.repeat(1024 * 1024) });
        const response = await callWithRawJson(owner, route.method, fill(route.path, ids), raw);
        expect(response.status).to.equal(413);
        expect(response.body).to.deep.equal({ error: 'Request body is too large' });
      });

      if (route.invalid) {
        it('answers wrong types and missing fields with 400 and the field’s message', async () => {
          for (const { body, error } of [...route.invalid!, { body: [], error: '' }]) {
            const response = await call(owner, route.method, fill(route.path, ids), body);
            expect(response.status, JSON.stringify(body)).to.equal(400);
            expect(response.body.error, JSON.stringify(body)).to.be.a('string');
            if (error) {
              expect(response.body.error, JSON.stringify(body)).to.equal(error);
              expect(Object.values(response.body.details).flat()).to.include(error);
            }
          }
        });
      }

      if (route.path.includes(':workspaceId')) {
        it('answers an unknown or malformed workspace id with 404', async () => {
          for (const workspaceId of [randomUUID(), ...MALFORMED_IDS]) {
            const response = await call(owner, route.method, fill(route.path, { ...ids, workspaceId }), route.body?.(ids));
            expect(response.status, workspaceId).to.equal(404);
            expect(response.body).to.deep.equal(WORKSPACE_NOT_FOUND);
          }
        });
      }

      for (const { param, ids: unknownIds, error } of route.notFound ?? []) {
        it(`answers an unknown or malformed ${param} with 404`, async () => {
          for (const id of unknownIds) {
            const response = await call(owner, route.method, fill(route.path, { ...ids, [param]: id }), route.body?.(ids));
            expect(response.status, id).to.equal(404);
            expect(response.body).to.deep.equal({ error });
          }
        });
      }
    });
  }

  it('accepts a workspace id in capitals as the same workspace', async () => {
    const response = await call(owner, 'get', `/workspaces/${ids.workspaceId.toUpperCase()}`).expect(200);
    expect(response.body.externalId).to.equal(ids.workspaceId);
  });

  it('answers a route that does not exist with 404', async () => {
    for (const path of ['/workspaces/x/y/z', `/workspaces/${ids.workspaceId}/nothing`, '/nothing']) {
      const response = await call(owner, 'get', path);
      expect(response.status, path).to.equal(404);
      expect(response.body).to.deep.equal({ error: 'Not found' });
    }
  });
});
