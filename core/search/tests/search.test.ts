import { expect } from 'chai';
import { createClient, individualClient, uniquePan } from '../../clients/tests/support';
import {
  aboutExampleProvider,
  addReminder,
  capturingLogs,
  saveExampleSettings,
  switchExamplePlugin,
  workspaceWithExamplePlugin,
} from '../../extensions/tests/support';
import { call, memberWithRole, type TestSession } from '../../plugin-api/testing';
import { SEARCH_LIMIT_MESSAGE, SEARCH_TERM_MESSAGE } from '../search-schemas';

const search = (session: TestSession, workspaceId: string, query: Record<string, string | number>) =>
  call(session, 'get', '/search').query({ workspaceId, ...query });

const titles = (results: { title: string }[]) => results.map((hit) => hit.title);

describe('search', () => {
  let owner: TestSession;
  let workspaceId: string;

  beforeEach(async () => {
    ({ owner, workspaceId } = await workspaceWithExamplePlugin('search-owner'));
  });

  describe('the query', () => {
    for (const [label, query] of [
      ['no term', {}],
      ['a term of one character after trimming', { q: '  a  ' }],
      ['a term of 101 characters', { q: 'x'.repeat(101) }],
    ] as const) {
      it(`answers 400 for ${label}`, async () => {
        const { body } = await search(owner, workspaceId, query).expect(400);
        expect(body.error).to.equal(SEARCH_TERM_MESSAGE);
      });
    }

    for (const limit of ['0', '51', '2.5', 'many']) {
      it(`answers 400 for limit=${limit}`, async () => {
        const { body } = await search(owner, workspaceId, { q: 'ab', limit }).expect(400);
        expect(body.error).to.equal(SEARCH_LIMIT_MESSAGE);
      });
    }

    it('gives at most 20 hits by default and at most `limit`', async () => {
      for (let index = 0; index < 22; index++)
        await addReminder(owner, workspaceId, { title: `Audit ${String(index).padStart(2, '0')}`, dueOn: '2026-05-01' });
      expect((await search(owner, workspaceId, { q: 'audit' }).expect(200)).body.results).to.have.length(20);
      expect((await search(owner, workspaceId, { q: 'audit', limit: 50 }).expect(200)).body.results).to.have.length(22);
      expect((await search(owner, workspaceId, { q: 'audit', limit: 3 }).expect(200)).body.results).to.have.length(3);
    });
  });

  describe("the core's clients", () => {
    it('are found by name or PAN as typed hits that open the client page', async () => {
      const panNumber = uniquePan();
      const client = await createClient(owner, workspaceId, individualClient({ name: 'Kaveri Textiles', panNumber }));
      const expected = {
        type: 'client',
        id: client.externalId,
        title: 'Kaveri Textiles',
        subtitle: panNumber,
        url: `/w/${workspaceId}/clients/${client.externalId}`,
      };
      expect((await search(owner, workspaceId, { q: 'kaveri' }).expect(200)).body).to.deep.equal({ results: [expected], incomplete: [] });
      expect((await search(owner, workspaceId, { q: panNumber.toLowerCase() }).expect(200)).body.results).to.deep.equal([expected]);
    });

    it('are found by a CLIENT member only when the client is theirs', async () => {
      const theirs = await createClient(owner, workspaceId, individualClient({ name: 'Kaveri Silks' }));
      await createClient(owner, workspaceId, individualClient({ name: 'Kaveri Textiles' }));
      const clientMember = await memberWithRole(owner, workspaceId, 'CLIENT', { clientIds: [theirs.externalId] });
      expect(titles((await search(owner, workspaceId, { q: 'kaveri' }).expect(200)).body.results)).to.deep.equal(['Kaveri Silks', 'Kaveri Textiles']);
      expect(titles((await search(clientMember, workspaceId, { q: 'kaveri' }).expect(200)).body.results)).to.deep.equal(['Kaveri Silks']);
    });
  });

  describe("the example plugin's provider", () => {
    it('adds its hits while the plugin is enabled, taking turns with the other providers', async () => {
      for (const name of ['Kaveri Agro', 'Kaveri Books', 'Kaveri Cotton']) await createClient(owner, workspaceId, individualClient({ name }));
      const reminder = await addReminder(owner, workspaceId, { title: 'Kaveri audit', dueOn: '2026-05-02' });
      await addReminder(owner, workspaceId, { title: 'Kaveri ITR', dueOn: '2026-05-03' });

      const { body } = await search(owner, workspaceId, { q: 'kaveri', limit: 4 }).expect(200);
      expect(titles(body.results)).to.deep.equal(['Kaveri Agro', 'Kaveri audit', 'Kaveri Books', 'Kaveri ITR']);
      expect(body.results[1]).to.deep.equal({
        type: 'reminder',
        id: reminder.id,
        title: 'Kaveri audit',
        subtitle: 'Due 2026-05-02',
        url: `/w/${workspaceId}/example-extensions/reminders/${reminder.id}`,
      });

      await switchExamplePlugin(owner, workspaceId, false);
      const disabled = await search(owner, workspaceId, { q: 'kaveri' }).expect(200);
      expect(titles(disabled.body.results)).to.deep.equal(['Kaveri Agro', 'Kaveri Books', 'Kaveri Cotton']);
    });

    it('is left out and named in `incomplete` when it throws, and logged with its plugin', async () => {
      await createClient(owner, workspaceId, individualClient({ name: 'Kaveri Agro' }));
      await addReminder(owner, workspaceId, { title: 'Kaveri audit', dueOn: '2026-05-02' });
      await saveExampleSettings(owner, workspaceId, { simulateFailure: 'throw' });

      const { result, logs } = await capturingLogs(() => search(owner, workspaceId, { q: 'kaveri' }).expect(200));
      expect(result.body).to.deep.include({ incomplete: ['reminders'] });
      expect(titles(result.body.results)).to.deep.equal(['Kaveri Agro']);
      expect(aboutExampleProvider(logs, 'reminders')).to.have.length(1);
      expect(aboutExampleProvider(logs, 'reminders')[0].fields).to.include({ point: 'search' });
    });

    it('is left out and named in `incomplete` when it runs past its time budget', async () => {
      await createClient(owner, workspaceId, individualClient({ name: 'Kaveri Agro' }));
      await saveExampleSettings(owner, workspaceId, { simulateFailure: 'hang' });

      const { result, logs } = await capturingLogs(() => search(owner, workspaceId, { q: 'kaveri' }).expect(200));
      expect(result.body).to.deep.include({ incomplete: ['reminders'] });
      expect(titles(result.body.results)).to.deep.equal(['Kaveri Agro']);
      const [line] = aboutExampleProvider(logs, 'reminders');
      expect(line).to.deep.include({ level: 'warn', message: 'extension provider ran past its time budget and was left out' });
      expect(line.fields).to.include({ budgetMs: 1500 });
    });
  });

  it('lets every member search', async () => {
    for (const role of ['ADMIN', 'EMPLOYEE', 'CLIENT'] as const) {
      const member = await memberWithRole(owner, workspaceId, role);
      await search(member, workspaceId, { q: 'anything' }).expect(200);
    }
  });
});
