import { expect } from 'chai';
import { createWorkspace, signedInUser, type TestSession } from '../../plugin-api/testing/http';
import { sharedHost } from '../../plugin-api/testing/root-hooks';
import { stepUp } from '../../plugin-api/testing/step-up';
import { TOKENS } from '../../platform/tokens';
import type { ClientDirectory } from '../client-directory';
import { businessClient, call, createClient, db, internalIdOf } from './support';

const directory = () => sharedHost().host.container.get<ClientDirectory>(TOKENS.Clients);
const clientRowId = async (externalId: string): Promise<number> => (await db()('clients').where({ external_id: externalId }).first('id')).id;

describe('client directory: credential platforms (TOKENS.Clients)', () => {
  let owner: TestSession;
  let workspaceRowId: number;
  let both: number;
  let gstOnly: number;
  let none: number;
  let elsewhere: number;

  const saveLogin = (workspaceId: string, clientId: string, platformName: string) =>
    call(owner, 'post', `/clients/${clientId}/credentials`, {
      workspaceId,
      platformName,
      username: `user_${platformName}`,
      password: 'Portal#Secret#2026',
    }).expect(201);

  before(async () => {
    owner = await signedInUser('platforms-owner');
    await stepUp(owner);
    const workspaceId = (await createWorkspace(owner)).externalId;
    workspaceRowId = await internalIdOf(workspaceId);
    const [withBoth, withGst, withNone] = await Promise.all(
      ['Both Logins Traders', 'GST Only Traders', 'No Logins Traders'].map((name) => createClient(owner, workspaceId, businessClient({ name }))),
    );
    // Saved out of order: the answer follows the client page's order, not the order of saving.
    await saveLogin(workspaceId, withBoth!.externalId, 'INCOME_TAX');
    await saveLogin(workspaceId, withBoth!.externalId, 'GST');
    await saveLogin(workspaceId, withGst!.externalId, 'GST');
    const otherWorkspace = (await createWorkspace(owner)).externalId;
    const otherClient = await createClient(owner, otherWorkspace, businessClient({ name: 'Elsewhere Traders' }));
    await saveLogin(otherWorkspace, otherClient.externalId, 'GST');
    [both, gstOnly, none, elsewhere] = await Promise.all(
      [withBoth!, withGst!, withNone!, otherClient].map((client) => clientRowId(client.externalId)),
    );
  });

  it("answers each client's platforms by name in the client page's order, never a secret", async () => {
    const platforms = await directory().credentialPlatforms(workspaceRowId, [both, gstOnly, none, both]);
    // The clients were created at once, so their ids come in any order; each client's own list is what is ordered.
    expect(Object.fromEntries(platforms)).to.deep.equal({
      [both]: [{ platformName: 'GST' }, { platformName: 'INCOME_TAX' }],
      [gstOnly]: [{ platformName: 'GST' }],
    });
  });

  it("leaves out another workspace's client and asks nothing for no clients", async () => {
    expect((await directory().credentialPlatforms(workspaceRowId, [elsewhere])).size).to.equal(0);
    expect((await directory().credentialPlatforms(workspaceRowId, [])).size).to.equal(0);
  });
});
