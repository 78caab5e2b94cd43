import { expect } from 'chai';
import { createWorkspace, signedInUser, type TestSession } from '../../plugin-api/testing/http';
import { call, db } from './support';

const TOO_SHORT = 'Workspace name must be at least 3 characters';
const TOO_LONG = 'Workspace name must be less than 50 characters';
const BAD_CHARACTERS = 'Workspace name can only contain letters, numbers, spaces, and hyphens';
const TOO_SHORT_TRIMMED = 'Workspace name must be at least 3 characters after trimming';

/** Spec 1 section 5.1: each refused name with the message the form shows for it. */
const REFUSED: { name: unknown; label: string; error: string }[] = [
  { label: 'two characters', name: 'ab', error: TOO_SHORT },
  { label: 'an empty name', name: '', error: TOO_SHORT },
  { label: 'no name at all', name: undefined, error: TOO_SHORT },
  { label: 'a number', name: 12345, error: TOO_SHORT },
  { label: '51 characters', name: 'A'.repeat(51), error: TOO_LONG },
  { label: 'an ampersand', name: 'Mehta & Sons', error: BAD_CHARACTERS },
  { label: 'a dot', name: 'Mehta Associates LLP.', error: BAD_CHARACTERS },
  { label: 'an underscore', name: 'Mehta_Associates', error: BAD_CHARACTERS },
  { label: 'a tab', name: 'Mehta\tAssociates', error: BAD_CHARACTERS },
  { label: 'two letters inside spaces', name: '  ab  ', error: TOO_SHORT_TRIMMED },
  { label: 'only spaces', name: '      ', error: TOO_SHORT_TRIMMED },
];

/** Accepted names and what is stored for them. */
const ACCEPTED: { name: string; stored: string }[] = [
  { name: 'Abc', stored: 'Abc' },
  { name: 'A'.repeat(50), stored: 'A'.repeat(50) },
  { name: 'Shah-Patel and Co 2026', stored: 'Shah-Patel and Co 2026' },
  { name: '   Mehta Associates  ', stored: 'Mehta Associates' },
  { name: ' abc ', stored: 'abc' },
];

describe('workspace names (spec 5.1)', () => {
  let owner: TestSession;

  before(async () => {
    owner = await signedInUser('names');
  });

  describe('on create', () => {
    for (const { label, name, error } of REFUSED) {
      it(`refuses ${label} with "${error}"`, async () => {
        const before = await db()('workspaces').count({ count: '*' });
        const response = await call(owner, 'post', '/workspaces', name === undefined ? {} : { name });
        expect(response.status).to.equal(400);
        expect(response.body.error).to.equal(error);
        expect(response.body.details.name).to.include(error);
        expect(await db()('workspaces').count({ count: '*' })).to.deep.equal(before);
      });
    }

    for (const { name, stored } of ACCEPTED) {
      it(`accepts ${JSON.stringify(name)} and stores ${JSON.stringify(stored)}`, async () => {
        const response = await call(owner, 'post', '/workspaces', { name }).expect(201);
        expect(response.body).to.have.keys('externalId', 'name');
        expect(response.body.name).to.equal(stored);
        const row = await db()('workspaces').where({ external_id: response.body.externalId }).first('name');
        expect(row.name).to.equal(stored);
        const listed = await call(owner, 'get', '/workspaces').expect(200);
        expect(listed.body.workspaces).to.deep.include({ externalId: response.body.externalId, name: stored, role: 'OWNER' });
      });
    }
  });

  describe('on rename', () => {
    let workspace: { externalId: string; name: string };

    before(async () => {
      workspace = await createWorkspace(owner, 'Original Name');
    });

    for (const { label, name, error } of REFUSED) {
      it(`refuses ${label} with "${error}" and keeps the old name`, async () => {
        const response = await call(owner, 'patch', `/workspaces/${workspace.externalId}`, name === undefined ? {} : { name });
        expect(response.status).to.equal(400);
        expect(response.body.error).to.equal(error);
        expect(response.body.details.name).to.include(error);
        const row = await db()('workspaces').where({ external_id: workspace.externalId }).first('name');
        expect(row.name).to.equal('Original Name');
      });
    }

    for (const { name, stored } of ACCEPTED) {
      it(`renames to ${JSON.stringify(name)} and stores ${JSON.stringify(stored)}`, async () => {
        const response = await call(owner, 'patch', `/workspaces/${workspace.externalId}`, { name }).expect(200);
        expect(response.body).to.deep.equal({ externalId: workspace.externalId, name: stored });
        const detail = await call(owner, 'get', `/workspaces/${workspace.externalId}`).expect(200);
        expect(detail.body.name).to.equal(stored);
      });
    }

    it('records the rename with the old and new name', async () => {
      await call(owner, 'patch', `/workspaces/${workspace.externalId}`, { name: 'Before Rename' }).expect(200);
      await call(owner, 'patch', `/workspaces/${workspace.externalId}`, { name: '  After Rename ' }).expect(200);
      const { body } = await call(owner, 'get', `/workspaces/${workspace.externalId}/activity`).expect(200);
      expect(body.activity[0]).to.include({ action: 'workspace.renamed', entityType: 'workspace', entityId: workspace.externalId });
      expect(body.activity[0].metadata).to.deep.equal({ from: 'Before Rename', to: 'After Rename' });
      expect(body.activity[0].actor).to.deep.equal({ externalId: owner.user.externalId, name: owner.user.name });
    });
  });
});
