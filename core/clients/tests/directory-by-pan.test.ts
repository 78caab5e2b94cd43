import { expect } from 'chai';
import { createWorkspace, signedInUser, type TestSession } from '../../plugin-api/testing/http';
import { sharedHost } from '../../plugin-api/testing/root-hooks';
import { TOKENS } from '../../platform/tokens';
import type { ClientDirectory } from '../client-directory';
import { businessClient, createClient, db, individualClient, internalIdOf } from './support';

const directory = () => sharedHost().host.container.get<ClientDirectory>(TOKENS.Clients);

describe('client directory: byPans', () => {
  let owner: TestSession;
  let workspaceRowId: number;
  const kaveri = businessClient({ name: 'Kaveri Textiles Pvt Ltd' });
  const meera = individualClient({ name: 'Meera Krishnan' });
  const elsewhere = businessClient({ name: 'Elsewhere Traders' });
  let kaveriId: string;
  let meeraId: string;

  before(async () => {
    owner = await signedInUser('directory-pan-owner');
    const workspaceId = (await createWorkspace(owner)).externalId;
    workspaceRowId = await internalIdOf(workspaceId);
    kaveriId = (await createClient(owner, workspaceId, kaveri)).externalId;
    meeraId = (await createClient(owner, workspaceId, meera)).externalId;
    await createClient(owner, (await createWorkspace(owner)).externalId, elsewhere);
  });

  it('finds the workspace’s clients by PAN whatever the case and spacing, keyed by the upper-case PAN', async () => {
    const spaced = `${kaveri.panNumber.slice(0, 5).toLowerCase()} ${kaveri.panNumber.slice(5)}`;
    const found = await directory().byPans(workspaceRowId, [spaced, meera.panNumber.toLowerCase(), meera.panNumber]);
    expect([...found.keys()].sort()).to.deep.equal([kaveri.panNumber, meera.panNumber].sort());
    expect(found.get(kaveri.panNumber)).to.include({ externalId: kaveriId, name: 'Kaveri Textiles Pvt Ltd', clientType: 'BUSINESS' });
    expect(found.get(meera.panNumber)).to.include({ externalId: meeraId, name: 'Meera Krishnan', clientType: 'INDIVIDUAL' });
  });

  it('leaves out unknown PANs and those of another workspace’s clients', async () => {
    const found = await directory().byPans(workspaceRowId, ['ZZZZZ9999Z', elsewhere.panNumber, '', kaveri.panNumber]);
    expect([...found.keys()]).to.deep.equal([kaveri.panNumber]);
    expect(await directory().byPans(workspaceRowId, [])).to.have.property('size', 0);
  });

  it('reads inside the caller’s transaction', async () => {
    const found = await db().transaction((trx) => directory().byPans(workspaceRowId, [meera.panNumber], trx));
    expect(found.get(meera.panNumber)?.externalId).to.equal(meeraId);
  });
});
