import { expect } from 'chai';
import { memberWithRole, workspaceWithEveryRole, type TestSession } from '../../plugin-api/testing/http';
import { stepUp } from '../../plugin-api/testing/step-up';
import { STEP_UP_REQUIRED } from '../../auth/step-up';
import type { Role } from '../../platform/identity';
import { call, createClient, db, individualClient, internalIdOf, NO_PERMISSION } from './support';

const GST_LOGIN = { platformName: 'GST', username: 'gst_user_77', password: 'Gst#Portal#2026' };

describe('client notes and portal credentials', () => {
  let sessions: Record<Role, TestSession>;
  let workspaceId: string;
  let clientId: string;
  let workspaceRowId: number;

  before(async () => {
    const setup = await workspaceWithEveryRole();
    sessions = setup.sessions;
    workspaceId = setup.workspace.externalId;
    clientId = (await createClient(sessions.OWNER, workspaceId, individualClient())).externalId;
    workspaceRowId = await internalIdOf(workspaceId);
    // The CLIENT member stands for this very client, and still reads neither its notes nor its credentials.
    await call(sessions.OWNER, 'put', `/workspaces/${workspaceId}/members/${sessions.CLIENT.user.externalId}/clients`, {
      clientIds: [clientId],
    }).expect(200);
    // Verified, so what tells the roles apart below is the permission alone.
    await Promise.all(Object.values(sessions).map(stepUp));
  });

  const credentialRows = () => db()('client_credentials').where({ workspace_id: workspaceRowId });
  const viewedCount = async () =>
    Number((await db()('activity_log').where({ workspace_id: workspaceRowId, action: 'client.credentials_viewed' }).count({ count: '*' }))[0].count);

  const saveCredentials = (session: TestSession, fields: Record<string, unknown>) =>
    call(session, 'post', `/clients/${clientId}/credentials`, { workspaceId, ...GST_LOGIN, ...fields });
  const reveal = (session: TestSession, platform: string) =>
    call(session, 'get', `/clients/${clientId}/credentials/${platform}/reveal`).query({ workspaceId });

  describe('notes', () => {
    it('staff add trimmed notes, listed newest first with their author; a CLIENT member may neither read nor add one', async () => {
      const first = await call(sessions.EMPLOYEE, 'post', `/clients/${clientId}/notes`, { workspaceId, content: '  Collect Form 16  ' }).expect(201);
      expect(first.body.note).to.include({ content: 'Collect Form 16' });
      expect(first.body.note.author).to.deep.equal({ externalId: sessions.EMPLOYEE.user.externalId, name: sessions.EMPLOYEE.user.name });
      await call(sessions.ADMIN, 'post', `/clients/${clientId}/notes`, { workspaceId, content: 'Advance tax due 15 March' }).expect(201);
      await call(sessions.OWNER, 'post', `/clients/${clientId}/notes`, { workspaceId, content: 'Fee agreed' }).expect(201);
      const refused = await call(sessions.CLIENT, 'post', `/clients/${clientId}/notes`, { workspaceId, content: 'From the client' }).expect(403);
      expect(refused.body).to.deep.equal(NO_PERMISSION);

      const unread = await call(sessions.CLIENT, 'get', `/clients/${clientId}/notes`).query({ workspaceId }).expect(403);
      expect(unread.body).to.deep.equal(NO_PERMISSION);

      const { body } = await call(sessions.EMPLOYEE, 'get', `/clients/${clientId}/notes`).query({ workspaceId }).expect(200);
      expect(body.data.map((note: { content: string }) => note.content)).to.deep.equal(['Fee agreed', 'Advance tax due 15 March', 'Collect Form 16']);
      expect(body.data[0]).to.have.keys('externalId', 'content', 'author', 'dateAdded');
    });

    it('refuses an empty or whitespace-only note with the spec message', async () => {
      for (const content of ['', '   \n\t', undefined, 42]) {
        const { status, body } = await call(sessions.OWNER, 'post', `/clients/${clientId}/notes`, { workspaceId, content });
        expect(status, String(content)).to.equal(400);
        expect(body.error).to.equal('Please enter some content for your note.');
      }
    });
  });

  describe('credentials', () => {
    it('needs a verified identity: without a step-up 401 and nothing saved, with one saved', async () => {
      const unverifiedAdmin = await memberWithRole(sessions.OWNER, workspaceId, 'ADMIN');
      const refused = await saveCredentials(unverifiedAdmin, {}).expect(401);
      expect(refused.body).to.deep.equal({ error: STEP_UP_REQUIRED, stepUpRequired: true });
      expect(await credentialRows()).to.have.length(0);

      const saved = await saveCredentials(sessions.OWNER, {}).expect(201);
      expect(saved.body).to.deep.equal({ credential: { platformName: 'GST', isValid: true } });
    });

    it('validates the request', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ username: '' }, 'Username and password are required'],
        [{ password: undefined }, 'Username and password are required'],
        [{ platformName: 'MCA' }, 'Platform must be GST or INCOME_TAX'],
      ];
      for (const [fields, error] of cases) {
        const { status, body } = await saveCredentials(sessions.OWNER, fields);
        expect(status, JSON.stringify(fields)).to.equal(400);
        expect(body.error).to.equal(error);
      }
    });

    it('keeps one record per platform, stored only as ciphertexts, and marks it valid again when saved', async () => {
      await credentialRows().update({ is_valid: false });
      await saveCredentials(sessions.ADMIN, { username: 'gst_user_78', password: 'Rotated#Pass9' }).expect(201);
      const rows = await credentialRows().select('*');
      expect(rows).to.have.length(1);
      expect(rows[0].is_valid).to.equal(true);
      const stored = JSON.stringify(rows);
      for (const secret of ['gst_user_78', 'Rotated#Pass9', 'gst_user_77', 'Gst#Portal#2026']) expect(stored).to.not.include(secret);
      const actions = await db()('activity_log').where({ entity_id: clientId, action: 'client.credentials_saved' }).count({ count: '*' });
      expect(Number(actions[0].count)).to.equal(2);
    });

    it('lists passwords masked to staff and usernames to managers only, without logging the list; a CLIENT member gets 403', async () => {
      const before = await viewedCount();
      for (const role of ['OWNER', 'ADMIN'] as const) {
        const { body } = await call(sessions[role], 'get', `/clients/${clientId}/credentials`).query({ workspaceId }).expect(200);
        expect(body.credentials).to.have.length(1);
        expect(body.credentials[0]).to.include({ platformName: 'GST', username: 'gst_user_78', password: null, hasCredentials: true, isValid: true });
      }
      const { body } = await call(sessions.EMPLOYEE, 'get', `/clients/${clientId}/credentials`).query({ workspaceId }).expect(200);
      expect(body.credentials[0]).to.include({ platformName: 'GST', username: null, password: null, hasCredentials: true, isValid: true });
      const unlisted = await call(sessions.CLIENT, 'get', `/clients/${clientId}/credentials`).query({ workspaceId }).expect(403);
      expect(unlisted.body).to.deep.equal(NO_PERMISSION);
      for (const role of ['EMPLOYEE', 'CLIENT'] as const) {
        const refused = await saveCredentials(sessions[role], {}).expect(403);
        expect(refused.body).to.deep.equal(NO_PERMISSION);
      }
      expect(await viewedCount()).to.equal(before);
    });

    it('reveals one password to a verified manager, logging each reveal; other roles get 403', async () => {
      const before = await viewedCount();
      for (const role of ['OWNER', 'ADMIN'] as const) {
        const { body } = await reveal(sessions[role], 'GST').expect(200);
        expect(body).to.deep.equal({ platformName: 'GST', password: 'Rotated#Pass9' });
      }
      for (const role of ['EMPLOYEE', 'CLIENT'] as const) {
        const refused = await reveal(sessions[role], 'GST').expect(403);
        expect(refused.body).to.deep.equal(NO_PERMISSION);
      }
      expect((await viewedCount()) - before).to.equal(2);
    });

    it('answers 404 for a platform with nothing saved or one that does not exist', async () => {
      for (const platform of ['INCOME_TAX', 'MCA', 'gst']) {
        const { body } = await reveal(sessions.OWNER, platform).expect(404);
        expect(body).to.deep.equal({ error: 'No credentials are saved for this platform' });
      }
    });

    it('shows a ciphertext moved from another row as unreadable instead of failing', async () => {
      await saveCredentials(sessions.OWNER, { platformName: 'INCOME_TAX', username: 'ABCDE1234F', password: 'Itr#Pass#55' }).expect(201);
      const gst = await credentialRows().where({ platform: 'GST' }).first();
      await credentialRows().where({ platform: 'INCOME_TAX' }).update({ password_ciphertext: gst.password_ciphertext });
      const { body } = await call(sessions.OWNER, 'get', `/clients/${clientId}/credentials`).query({ workspaceId }).expect(200);
      const incomeTax = body.credentials.find((credential: { platformName: string }) => credential.platformName === 'INCOME_TAX');
      expect(incomeTax).to.include({ username: null, password: null, unreadable: true });
      const stillGst = body.credentials.find((credential: { platformName: string }) => credential.platformName === 'GST');
      expect(stillGst).to.include({ username: 'gst_user_78', password: null });
      expect(stillGst).to.not.have.property('unreadable');
      const revealed = await reveal(sessions.OWNER, 'INCOME_TAX').expect(200);
      expect(revealed.body).to.deep.equal({ platformName: 'INCOME_TAX', password: null, unreadable: true });
    });

    it('reports the status of every client’s credentials', async () => {
      const { body } = await call(sessions.EMPLOYEE, 'get', '/clients/credentials-status').query({ workspaceId }).expect(200);
      expect(body).to.deep.equal({
        status: {
          [clientId]: [
            { platformName: 'GST', isValid: true },
            { platformName: 'INCOME_TAX', isValid: true },
          ],
        },
      });
    });
  });
});
