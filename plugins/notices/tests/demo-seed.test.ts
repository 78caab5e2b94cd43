import { expect } from 'chai';
import { TOKENS, type WorkspaceDirectory, kolkataToday } from '../../../core/plugin-api';
import { ATTACHMENT_SERVICE, type AttachmentService } from '../../documents/server/tokens';
import { seedDemoNotices } from '../server/demo-seed';
import { Notice, NoticeHearing } from '../server/models';
import { NOTICE_DEPARTMENTS, NOTICE_STATUSES, OPEN_NOTICE_STATUSES } from '../shared/wire';
import { createClient, HOST_START_TIMEOUT_MS, startNoticesHost, type TestHost } from './support';

/** How many clients core/host/seed-demo.ts makes. */
const DEMO_CLIENTS = 12;

describe('notices: the demo seed', () => {
  let notices: TestHost;
  let workspaceSerial: number;
  let seeded: Notice[];
  let ownerId: number;
  let employeeId: number;

  before(async function () {
    this.timeout(HOST_START_TIMEOUT_MS);
    notices = await startNoticesHost();
    const owner = await notices.signedInUser('notices-demo');
    const workspace = await notices.createWorkspace(owner);
    workspaceSerial = await notices.internalIdOf(workspace.externalId);
    const clients = [];
    for (let index = 0; index < DEMO_CLIENTS; index += 1)
      clients.push(await createClient(owner, workspace.externalId, { name: `Demo Client ${index + 1}` }));
    const userIdOf = async (externalId: string) =>
      (await notices.host.container.get<WorkspaceDirectory>(TOKENS.Workspaces).memberByExternalId(workspaceSerial, externalId))!.userId;
    ownerId = await userIdOf(owner.user.externalId);
    const employee = await notices.memberWithRole(owner, workspace.externalId, 'EMPLOYEE');
    const clientMember = await notices.memberWithRole(owner, workspace.externalId, 'CLIENT', { clientIds: [clients[0]!.externalId] });
    employeeId = await userIdOf(employee.user.externalId);
    await seedDemoNotices({
      container: notices.host.container,
      membership: { workspace: { id: workspaceSerial, externalId: workspace.externalId, name: workspace.name }, role: 'OWNER' },
      owner: { id: ownerId, ...owner.user, image: null },
      team: [
        { id: employeeId, ...employee.user, image: null, role: 'EMPLOYEE' },
        { id: await userIdOf(clientMember.user.externalId), ...clientMember.user, image: null, role: 'CLIENT' },
      ],
      clients: clients.map(({ externalId, name }) => ({ externalId, name })),
    });
    seeded = await Notice.inWorkspace(workspaceSerial);
  });

  after(() => notices?.stop());

  it('adds about forty notices in every department and status, some overdue', () => {
    expect(seeded.length).to.be.within(35, 45);
    expect(new Set(seeded.map((notice) => notice.department))).to.deep.equal(new Set(NOTICE_DEPARTMENTS));
    expect(new Set(seeded.map((notice) => notice.status))).to.deep.equal(new Set(NOTICE_STATUSES));
    const today = kolkataToday();
    const overdue = seeded.filter((notice) => OPEN_NOTICE_STATUSES.includes(notice.status) && notice.dueDate !== null && notice.dueDate < today);
    expect(overdue.length).to.be.at.least(3);
  });

  it('shares the assigned notices out among the owner and the staff, none to the client member', () => {
    const assignees = new Set(seeded.flatMap((notice) => (notice.assignedTo === null ? [] : [Number(notice.assignedTo)])));
    expect([...assignees]).to.have.members([ownerId, employeeId]);
    expect(seeded.some((notice) => notice.assignedTo === null)).to.equal(true);
  });

  it('covers the GST forms and the Income Tax sections of both Acts', () => {
    const types = new Set(seeded.map((notice) => notice.noticeType));
    for (const type of ['ASMT-10', 'DRC-01', 'DRC-01A', 'GSTR-3A', 'REG-17', 'REG-03']) expect(types, type).to.include(type);
    for (const section of ['143(1)(a)', '139(9)', '143(2)', '142(1)', '148A(b)', '156', '245', '263', '268(1)', '270', '281', '289']) {
      expect(types, section).to.include(`Section ${section}`);
    }
  });

  it('gives a few notices target dates, hearings and attached files', async () => {
    expect(seeded.filter((notice) => notice.targetDate !== null).length).to.be.at.least(3);
    expect(await NoticeHearing.inWorkspace(workspaceSerial).resultSize()).to.be.at.least(3);
    const documents = notices.host.container.get<AttachmentService>(ATTACHMENT_SERVICE);
    const attached = await Promise.all(
      seeded.map((notice) => documents.list({ workspaceId: workspaceSerial, entityType: 'NOTICE', entityId: notice.externalId })),
    );
    expect(attached.flat().map((attachment) => attachment.document.filename)).to.have.members([
      'ITC reconciliation FY 2024-25.csv',
      'Capital gains working AY 2022-23.csv',
    ]);
  });
});
