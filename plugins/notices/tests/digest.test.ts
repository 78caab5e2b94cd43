import { expect } from 'chai';
import { jobOutcome, schedulesOf } from '../../../core/plugin-api/testing';
import { TOKENS, addDays, kolkataToday, type QueueService } from '../../../core/plugin-api';
import { readHostMailbox, waitForMail, type MailboxMessage } from '../../../core/plugin-api/testing/mail-reader';
import { dayInWords } from '../server/activity-text';
import { DIGEST_SECTION_LIMIT, digestEmail, type DigestNotice } from '../server/digest/digest-email';
import { DIGEST_MESSAGES } from '../server/digest/digest-subscription';
import { NoticesDigest } from '../server/digest/notices-digest';
import { SEND_DIGEST_JOB } from '../server/jobs';
import { NOTICE_SYNC_ROUTES, type NoticeView } from '../shared/wire';
import {
  call,
  createClient,
  createNotice,
  get,
  HOST_START_TIMEOUT_MS,
  put,
  startNoticesOnlyHost,
  type ClientView,
  type TestHost,
  type TestSession,
} from './support';

const ROUTE = NOTICE_SYNC_ROUTES.digestSubscription;
const DAY_MS = 24 * 60 * 60 * 1000;

describe('notices: the daily digest email', () => {
  let notices: TestHost;
  let owner: TestSession;
  let workspace: { externalId: string; name: string };
  let workspaceSerial: number;

  const subscriptionOf = async (session: TestSession, workspaceId = workspace.externalId) =>
    (await get(session, ROUTE, { workspaceId }).expect(200)).body.data;
  const subscribe = (session: TestSession, body: Record<string, unknown>, workspaceId = workspace.externalId) =>
    put(session, ROUTE, { workspaceId, ...body });
  const digest = () => notices.host.container.get(NoticesDigest);
  const digestsTo = async (session: TestSession): Promise<MailboxMessage[]> =>
    (await readHostMailbox({ baseUrl: notices.baseUrl, to: session.user.email })).filter((message) => message.subject.startsWith('Notices digest'));
  const digestTo = (session: TestSession, since: Date) =>
    waitForMail(session.user.email, { baseUrl: notices.baseUrl, subject: 'Notices digest', since });
  /** Moves a notice's creation back, as if it had been made `days` ago. */
  const createdDaysAgo = (notice: NoticeView, days: number) =>
    notices.host
      .knex('notices')
      .where({ external_id: notice.externalId })
      .update({ created_at: new Date(Date.now() - days * DAY_MS) });
  const noticeUrl = (notice: NoticeView, workspaceId = workspace.externalId) =>
    `${notices.baseUrl}/axal/w/${workspaceId}/notices/${notice.externalId}`;

  before(async function () {
    this.timeout(HOST_START_TIMEOUT_MS);
    notices = await startNoticesOnlyHost();
    owner = await notices.signedInUser('digest-owner');
    workspace = await notices.createWorkspace(owner);
    workspaceSerial = await notices.internalIdOf(workspace.externalId);
  });

  after(() => notices?.stop());

  describe('the subscription', () => {
    it('is off until the member turns it on, and each member, of any role, keeps their own', async () => {
      const employee = await notices.memberWithRole(owner, workspace.externalId, 'EMPLOYEE');
      const client = await notices.memberWithRole(owner, workspace.externalId, 'CLIENT');
      expect(await subscriptionOf(owner)).to.deep.equal({ subscribed: false });

      await subscribe(employee, { subscribed: true })
        .expect(200)
        .expect(({ body }) => expect(body.data).to.deep.equal({ subscribed: true }));
      await subscribe(client, { subscribed: true }).expect(200);
      expect(await subscriptionOf(employee)).to.deep.equal({ subscribed: true });
      expect(await subscriptionOf(client)).to.deep.equal({ subscribed: true });
      expect(await subscriptionOf(owner)).to.deep.equal({ subscribed: false });

      await subscribe(employee, { subscribed: true }).expect(200);
      await subscribe(employee, { subscribed: false }).expect(200);
      await subscribe(client, { subscribed: false }).expect(200);
      expect(await subscriptionOf(employee)).to.deep.equal({ subscribed: false });
    });

    it('refuses a body without a true or false with 400 and keeps the choice', async () => {
      await subscribe(owner, { subscribed: true }).expect(200);
      for (const body of [{}, { subscribed: 'false' }, { subscribed: 0 }, { subscribed: null }]) {
        await subscribe(owner, body)
          .expect(400)
          .expect(({ body: answer }) => expect(answer.error, JSON.stringify(body)).to.equal(DIGEST_MESSAGES.invalidSubscribed));
      }
      expect(await subscriptionOf(owner)).to.deep.equal({ subscribed: true });
      await subscribe(owner, { subscribed: false }).expect(200);
    });

    it('belongs to one workspace, and someone outside it gets 404', async () => {
      const other = await notices.createWorkspace(owner);
      await subscribe(owner, { subscribed: true }, other.externalId).expect(200);
      expect(await subscriptionOf(owner, other.externalId)).to.deep.equal({ subscribed: true });
      expect(await subscriptionOf(owner)).to.deep.equal({ subscribed: false });

      const outsider = await notices.signedInUser('digest-outsider');
      await get(outsider, ROUTE, { workspaceId: workspace.externalId }).expect(404);
      await subscribe(outsider, { subscribed: true }).expect(404);
      await subscribe(owner, { subscribed: false }, other.externalId).expect(200);
    });
  });

  describe('the daily job', () => {
    let admin: TestSession;
    let employee: TestSession;
    let clientMember: TestSession;
    let sharma: ClientView;
    let mehta: ClientView;
    const today = kolkataToday();
    const found: Record<string, NoticeView> = {};

    before(async function () {
      this.timeout(60_000);
      // A workspace of its own, so the subscription tests' members are not among the recipients.
      workspace = await notices.createWorkspace(owner);
      workspaceSerial = await notices.internalIdOf(workspace.externalId);
      sharma = await createClient(owner, workspace.externalId, { name: 'Sharma Traders' });
      mehta = await createClient(owner, workspace.externalId, { name: 'Mehta Foods' });
      admin = await notices.memberWithRole(owner, workspace.externalId, 'ADMIN');
      employee = await notices.memberWithRole(owner, workspace.externalId, 'EMPLOYEE');
      clientMember = await notices.memberWithRole(owner, workspace.externalId, 'CLIENT', { clientIds: [sharma.externalId] });
      for (const session of [owner, employee, clientMember]) await subscribe(session, { subscribed: true }).expect(200);

      const notice = (client: ClientView, fields: Record<string, unknown>) => createNotice(owner, workspace.externalId, client.externalId, fields);
      found.dueSoon = await notice(sharma, { noticeType: 'ASMT-10', dueDate: addDays(today, 3) });
      found.overdue = await notice(mehta, { noticeType: 'DRC-01', dueDate: addDays(today, -2) });
      found.fresh = await notice(sharma, { noticeType: 'Section 143(2)', department: 'INCOME_TAX' });
      found.resolved = await notice(mehta, { noticeType: 'GSTR-3A', dueDate: addDays(today, -5), status: 'RESOLVED' });
      found.later = await notice(sharma, { noticeType: 'REG-17', dueDate: addDays(today, 10) });
      for (const old of [found.dueSoon, found.overdue, found.resolved, found.later]) await createdDaysAgo(old!, 2);
    });

    it('mails each subscriber once: new notices, due in the next 7 days and overdue, each linked to its page', async () => {
      const before = new Date();
      expect(await digest().sendDaily(workspaceSerial)).to.equal(3);
      const mail = await digestTo(owner, before);
      expect(mail.subject).to.equal(`Notices digest - ${workspace.name} - ${dayInWords(today)}`);
      const { dueSoon, overdue, fresh, resolved, later } = found as Record<string, NoticeView>;
      const lines = mail.text.split('\n\n');
      expect(lines).to.include(
        `Your notices in ${workspace.name} on ${dayInWords(today)}: 1 new notice, 1 notice due in the next 7 days, 1 notice overdue.`,
      );
      expect(lines.slice(lines.indexOf('New notices (1)'), lines.indexOf('Overdue (1)') + 2)).to.deep.equal([
        'New notices (1)',
        `- Section 143(2) for Sharma Traders (${fresh.reference}), no reply date: ${noticeUrl(fresh)}`,
        'Due in the next 7 days (1)',
        `- ASMT-10 for Sharma Traders (${dueSoon.reference}), reply due in 3 days (${dayInWords(addDays(today, 3))}): ${noticeUrl(dueSoon)}`,
        'Overdue (1)',
        `- DRC-01 for Mehta Foods (${overdue.reference}), reply was due on ${dayInWords(addDays(today, -2))}, 2 days ago: ${noticeUrl(overdue)}`,
      ]);
      for (const left of [resolved, later]) expect(mail.text).to.not.include(left.externalId);
      expect(mail.links).to.include.members([
        noticeUrl(fresh),
        `${notices.baseUrl}/axal/w/${workspace.externalId}/notices`,
        `${notices.baseUrl}/axal/profile`,
      ]);
      expect(mail.text).to.include(`To stop it, turn off "Daily notices digest" on your profile: ${notices.baseUrl}/axal/profile`);

      await digestTo(employee, before);
      expect(await digestsTo(admin), 'not subscribed').to.deep.equal([]);
    });

    it('shows a CLIENT member only the notices of the clients they stand for', async () => {
      const mail = await digestTo(clientMember, new Date(0));
      expect(mail.text).to.include('1 new notice, 1 notice due in the next 7 days, 0 notices overdue.');
      expect(mail.text).to.include(found.fresh!.externalId);
      expect(mail.text).to.include(found.dueSoon!.externalId);
      expect(mail.text).to.not.include('Mehta Foods');
      expect(mail.text).to.not.include('Overdue (');
    });

    it('sends nothing more the same day, however many runs and queued jobs go at once', async () => {
      expect(await Promise.all([digest().sendDaily(workspaceSerial), digest().sendDaily(workspaceSerial)])).to.deep.equal([0, 0]);
      const queue = notices.host.container.get<QueueService>(TOKENS.Queue);
      const jobs = await Promise.all([1, 2].map(() => queue.enqueue(`notices.${SEND_DIGEST_JOB}`, { workspaceId: workspaceSerial })));
      expect(await Promise.all(jobs.map((job) => jobOutcome(job)))).to.deep.equal([{ result: { sent: 0 } }, { result: { sent: 0 } }]);
      for (const session of [owner, employee, clientMember]) expect(await digestsTo(session)).to.have.length(1);
    });

    it('sends one per subscriber even when two runs start a new day together', async () => {
      const tomorrow = new Date(Date.now() + DAY_MS);
      const before = new Date();
      const counts = await Promise.all([digest().sendDaily(workspaceSerial, tomorrow), digest().sendDaily(workspaceSerial, tomorrow)]);
      expect(counts.reduce((sum, count) => sum + count, 0)).to.equal(3);
      await digestTo(owner, before);
      await digestTo(employee, before);
      await digestTo(clientMember, before);
      for (const session of [owner, employee, clientMember]) expect(await digestsTo(session)).to.have.length(2);
    });

    it("counts as new only what came since the member's previous digest", async () => {
      // The runs above played tomorrow; this notice comes between that digest and the next day's.
      const latest = await createNotice(owner, workspace.externalId, mehta.externalId, { noticeType: 'REG-03' });
      await createdDaysAgo(latest, -1.5);
      const dayAfter = new Date(Date.now() + 2 * DAY_MS);
      const before = new Date();
      await digest().sendDaily(workspaceSerial, dayAfter);
      const mail = await digestTo(owner, before);
      const newSection = mail.text.split('\n\n').filter((line) => line.startsWith('New notices') || line.includes(' REG-03 '));
      expect(newSection).to.deep.equal(['New notices (1)', `- REG-03 for Mehta Foods (${latest.reference}), no reply date: ${noticeUrl(latest)}`]);
      expect(mail.text).to.not.include(found.fresh!.externalId);
    });

    it('sends nothing to a member with nothing to tell, and forgets the subscription of someone who left', async () => {
      const quiet = await notices.createWorkspace(owner);
      const quietSerial = await notices.internalIdOf(quiet.externalId);
      const leaver = await notices.memberWithRole(owner, quiet.externalId, 'EMPLOYEE');
      await subscribe(owner, { subscribed: true }, quiet.externalId).expect(200);
      await subscribe(leaver, { subscribed: true }, quiet.externalId).expect(200);
      expect(await digest().sendDaily(quietSerial)).to.equal(0);

      await call(owner, 'delete', `/workspaces/${quiet.externalId}/members/${leaver.user.externalId}`).expect(204);
      await createNotice(owner, quiet.externalId, (await createClient(owner, quiet.externalId)).externalId);
      const before = new Date();
      expect(await digest().sendDaily(quietSerial, new Date(Date.now() + DAY_MS))).to.equal(1);
      await digestTo(owner, before);
      const rows = await notices.host
        .knex('notices_digest_subscriptions')
        .where({ workspace_id: quietSerial })
        .count<{ count: number }[]>('* as count');
      expect(Number(rows[0]!.count)).to.equal(1);
      expect(await digestsTo(leaver)).to.deep.equal([]);
    });

    it('is scheduled every day at 07:30, per workspace', () => {
      const scheduled = schedulesOf(notices, 'notices')
        .filter((schedule) => schedule.name === SEND_DIGEST_JOB)
        .map(({ every, perWorkspace }) => ({ every, perWorkspace }));
      expect(scheduled).to.deep.equal([{ every: 'day at 07:30', perWorkspace: true }]);
    });
  });
});

describe('notices: the digest email text', () => {
  const today = '2026-03-10';
  const notice = (index: number): DigestNotice => ({
    noticeType: 'ASMT-10',
    clientName: `Client ${index}`,
    reference: `REF-${index}`,
    dueDate: addDays(today, 2),
    url: `https://practice.example/axal/w/w1/notices/n${index}`,
  });
  const empty = { total: 0, listed: [] };

  it('lists at most the section limit and sends the rest to the notices page', () => {
    const listed = Array.from({ length: DIGEST_SECTION_LIMIT }, (_, index) => notice(index));
    const email = digestEmail({
      memberName: 'Asha Rao',
      workspaceName: 'Rao Associates',
      today,
      newNotices: empty,
      dueSoon: { total: DIGEST_SECTION_LIMIT + 5, listed },
      overdue: empty,
      appUrl: 'https://practice.example/axal',
      noticesUrl: 'https://practice.example/axal/w/w1/notices',
      profileUrl: 'https://practice.example/axal/profile',
    });
    expect(email.subject).to.equal('Notices digest - Rao Associates - 10 Mar 2026');
    expect(email.text).to.include('Hello Asha Rao,');
    expect(email.text).to.include(`Due in the next 7 days (${DIGEST_SECTION_LIMIT + 5})`);
    expect(email.text).to.include('- ASMT-10 for Client 0 (REF-0), reply due in 2 days (12 Mar 2026): https://practice.example/axal/w/w1/notices/n0');
    expect(email.text).to.include('...and 5 more notices on the notices page: https://practice.example/axal/w/w1/notices');
    expect(email.text).to.not.include('New notices');
    expect(email.html).to.include('Open notices');
  });

  it("escapes what members typed in the HTML version, and links only the app's own addresses", () => {
    const email = digestEmail({
      memberName: 'Asha',
      workspaceName: 'Rao Associates https://evil.example/login',
      today,
      newNotices: { total: 1, listed: [{ ...notice(1), noticeType: '<b>ASMT-10</b>' }] },
      dueSoon: empty,
      overdue: empty,
      appUrl: 'https://practice.example/axal',
      noticesUrl: 'https://practice.example/axal/w/w1/notices',
      profileUrl: 'https://practice.example/axal/profile',
    });
    expect(email.html).to.include('&lt;b&gt;ASMT-10&lt;/b&gt;');
    expect(email.html).to.not.include('<b>ASMT-10');
    expect(email.html).to.include('<a href="https://practice.example/axal/w/w1/notices/n1">');
    expect(email.html).to.include('Rao Associates https://evil.example/login').and.not.include('href="https://evil.example');
  });
});
