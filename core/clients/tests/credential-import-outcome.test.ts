import { setTimeout as delay } from 'node:timers/promises';
import { expect } from 'chai';
import { workspaceWithEveryRole, type TestSession } from '../../plugin-api/testing/http';
import { stepUp } from '../../plugin-api/testing/step-up';
import { finishedImportStatus, type CredentialImportResult, type CredentialImportView } from '../credential-import-rows';
import { call, db, uniqueClientEmail, uniquePanOfHolder } from './support';

const IMPORT_PATH = '/clients/credentials/import';

const row = (phone: string) => ({
  email: uniqueClientEmail(),
  platform: 'GST',
  username: 'portal_user',
  password: 'Portal#Secret1',
  name: `Holder ${phone}`,
  phone,
  panNumber: uniquePanOfHolder('P'),
});

describe('credential import status', () => {
  let owner: TestSession;
  let workspaceId: string;

  before(async () => {
    const setup = await workspaceWithEveryRole();
    owner = setup.sessions.OWNER;
    workspaceId = setup.workspace.externalId;
    await stepUp(owner);
  });

  const view = async (importId: string) =>
    (await call(owner, 'get', `${IMPORT_PATH}/${importId}`).query({ workspaceId }).expect(200)).body as CredentialImportView;

  async function importRows(rows: ReturnType<typeof row>[]): Promise<CredentialImportView> {
    const { body } = await call(owner, 'post', IMPORT_PATH, { workspaceId, rows }).expect(202);
    for (let attempt = 0; attempt < 800; attempt++) {
      const current = await view(body.importId);
      if (current.status === 'completed' || current.status === 'failed') return current;
      await delay(25);
    }
    throw new Error(`import ${body.importId} did not finish`);
  }

  const outcomeNotification = async (importId: string) =>
    db()('notifications')
      .where({ job_key: `credential-import:${importId}` })
      .whereIn('event_type', ['SYNC_COMPLETED', 'SYNC_FAILED'])
      .first('event_type', 'message');

  it('reads failed when every row failed, as its notification says', async () => {
    const done = await importRows([row('12345'), row('00000')]);
    expect(done).to.include({ status: 'failed', total: 2, completed: 2, waitingForWorker: false });
    expect(done.results.map((result) => result.outcome)).to.deep.equal(['failed', 'failed']);
    expect(await outcomeNotification(done.importId)).to.deep.equal({ event_type: 'SYNC_FAILED', message: 'None of the 2 rows could be imported.' });
  });

  it('reads completed when any row was imported, as its notification says', async () => {
    const done = await importRows([row('12345'), row('9876543210')]);
    expect(done).to.include({ status: 'completed', total: 2, completed: 2, waitingForWorker: false });
    expect(await outcomeNotification(done.importId)).to.deep.equal({ event_type: 'SYNC_COMPLETED', message: '1 of 2 rows imported; 1 failed.' });
  });

  it('derives the final status from the rows alone', () => {
    const result = (outcome: CredentialImportResult['outcome']): CredentialImportResult => ({ row: 2, panNumber: 'ABCPD1234E', outcome });
    expect(finishedImportStatus([result('failed'), result('failed')])).to.equal('failed');
    expect(finishedImportStatus([result('failed'), result('updated_credential')])).to.equal('completed');
    expect(finishedImportStatus([result('created_client')])).to.equal('completed');
  });
});
