import { expect } from 'chai';
import { NOTICE_MESSAGES, NOTICES_ROUTES } from '../shared/wire';
import { get, HOST_START_TIMEOUT_MS, put, startNoticesOnlyHost, type TestHost, type TestSession } from './support';

describe('notices: the stored filter preference', () => {
  let host: TestHost;
  let owner: TestSession;
  let workspaceId: string;

  before(async function () {
    this.timeout(HOST_START_TIMEOUT_MS);
    host = await startNoticesOnlyHost();
    owner = await host.signedInUser('preference-owner');
    workspaceId = (await host.createWorkspace(owner)).externalId;
  });

  after(() => host?.stop());

  const preferenceOf = async (session: TestSession, workspace = workspaceId) =>
    (await get(session, NOTICES_ROUTES.filterPreference, { workspaceId: workspace }).expect(200)).body.data;
  const save = (session: TestSession, body: Record<string, unknown>, workspace = workspaceId) =>
    put(session, NOTICES_ROUTES.filterPreference, { workspaceId: workspace, ...body });

  it('answers null before the member saves one, then what they saved, each value once in the wire order', async () => {
    expect(await preferenceOf(owner)).to.equal(null);
    const { body } = await save(owner, {
      departments: ['INCOME_TAX', 'GST', 'GST'],
      priorities: ['LOW', 'HIGH'],
      statuses: ['IN_PROGRESS', 'NEW', 'IN_PROGRESS'],
    }).expect(200);
    const expected = { departments: ['GST', 'INCOME_TAX'], priorities: ['HIGH', 'LOW'], statuses: ['NEW', 'IN_PROGRESS'] };
    expect(body.data).to.deep.equal(expected);
    expect(await preferenceOf(owner)).to.deep.equal(expected);

    await save(owner, { departments: ['COMPLIANCE'], priorities: [], statuses: [] }).expect(200);
    expect(await preferenceOf(owner)).to.deep.equal({ departments: ['COMPLIANCE'], priorities: [], statuses: [] });
  });

  it('keeps one per member and per workspace, a CLIENT member included', async () => {
    const employee = await host.memberWithRole(owner, workspaceId, 'EMPLOYEE');
    const client = await host.memberWithRole(owner, workspaceId, 'CLIENT');
    const otherWorkspace = (await host.createWorkspace(owner)).externalId;
    await save(owner, { departments: ['GST'], priorities: ['HIGH'], statuses: ['NEW'] }).expect(200);
    await save(employee, { departments: ['INCOME_TAX'], priorities: [], statuses: ['RESOLVED'] }).expect(200);
    await save(client, { departments: [], priorities: ['MEDIUM'], statuses: ['PENDING', 'EXPIRED'] }).expect(200);

    expect(await preferenceOf(owner)).to.deep.equal({ departments: ['GST'], priorities: ['HIGH'], statuses: ['NEW'] });
    expect(await preferenceOf(employee)).to.deep.equal({ departments: ['INCOME_TAX'], priorities: [], statuses: ['RESOLVED'] });
    expect(await preferenceOf(client)).to.deep.equal({ departments: [], priorities: ['MEDIUM'], statuses: ['PENDING', 'EXPIRED'] });
    expect(await preferenceOf(owner, otherWorkspace)).to.equal(null);
  });

  it('refuses unknown values with 400 and keeps what was saved', async () => {
    await save(owner, { departments: ['GST'], priorities: [], statuses: ['NEW'] }).expect(200);
    await save(owner, { departments: ['VAT'] })
      .expect(400)
      .expect(({ body }) => expect(body.error).to.equal(NOTICE_MESSAGES.invalidDepartment));
    await save(owner, { priorities: ['high'] })
      .expect(400)
      .expect(({ body }) => expect(body.error).to.equal(NOTICE_MESSAGES.invalidPriority));
    await save(owner, { statuses: 'NEW' })
      .expect(400)
      .expect(({ body }) => expect(body.error).to.equal(NOTICE_MESSAGES.invalidStatus));
    await save(owner, { statuses: ['NEW', 7] })
      .expect(400)
      .expect(({ body }) => expect(body.error).to.equal(NOTICE_MESSAGES.invalidStatus));
    expect(await preferenceOf(owner)).to.deep.equal({ departments: ['GST'], priorities: [], statuses: ['NEW'] });
  });

  it("answers 404 to someone outside the workspace and never shows a member's preference to another", async () => {
    const outsider = await host.signedInUser('preference-outsider');
    await get(outsider, NOTICES_ROUTES.filterPreference, { workspaceId }).expect(404);
    await save(outsider, { departments: ['GST'] }).expect(404);
    expect(await preferenceOf(owner)).to.not.equal(null);
  });
});
