import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import {
  accessibleDescriptionOf,
  attributeBecomes,
  browserSuite,
  joinByInvitation,
  quietWorkspace,
  sharedHost,
  signInBrowserContext,
  unexpectedConsoleErrors,
  type BrowserSession,
  type SignedIn,
} from '../../../../core/plugin-api/testing';
import { DEFAULT_TASK_PAGE_SIZE, TASK_TOASTS, TASKS_ROUTES, type TaskView } from '../../shared/wire';

const toast = (page: Page, text: string | RegExp) => page.locator('.bp6-toast').filter({ hasText: text });
const tasksTable = (page: Page) => page.getByRole('table', { name: 'Tasks' });
/** Blueprint draws its checkbox's indicator over the input, which Playwright would take for something in the way. */
const FORCE = { force: true } as const;
const OWNER_NAME = 'Anil Mehta';

/** `YYYY-MM-DD`, `days` from today in India. */
function isoDateIn(days: number): string {
  const date = new Date(Date.now() + days * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(date);
}

let panSequence = 0;
function uniquePan(): string {
  panSequence += 1;
  return `TSKCP${String(panSequence).padStart(4, '0')}${String.fromCharCode(65 + (process.pid % 26))}`;
}

interface Journey {
  session: BrowserSession;
  signedIn: SignedIn;
  workspaceId: string;
  workspaceName: string;
  ownerId: string;
  url: (path: string) => string;
}

describe('browser: tasks', function () {
  this.timeout(150_000);
  const suite = browserSuite();
  const baseUrl = () => sharedHost().baseUrl;

  async function startJourney(): Promise<Journey> {
    const session = await suite.open();
    const signedIn = await signInBrowserContext(session.context, baseUrl(), 'tasks');
    const { user } = await signedIn.api<{ user: { externalId: string } }>('/me', { name: OWNER_NAME }, 'patch');
    const workspace = await quietWorkspace(signedIn, `Mehta Associates ${randomUUID().slice(0, 4)}`);
    return {
      session,
      signedIn,
      workspaceId: workspace.externalId,
      workspaceName: workspace.name,
      ownerId: user.externalId,
      url: (path) => `${baseUrl()}/axal/w/${workspace.externalId}/${path}`,
    };
  }

  async function createClient({ signedIn, workspaceId }: Journey, name: string): Promise<string> {
    const { client } = await signedIn.api<{ client: { externalId: string } }>('/clients', {
      workspaceExternalId: workspaceId,
      clientType: 'BUSINESS',
      name,
      email: `client.${randomUUID().slice(0, 8)}@clients.example`,
      phone: '9845012345',
      panNumber: uniquePan(),
      businessAddress: '22, Residency Road, Bengaluru - 560025',
    });
    return client.externalId;
  }

  async function createTask({ signedIn, workspaceId, ownerId }: Journey, fields: Record<string, unknown>): Promise<TaskView> {
    const { task } = await signedIn.api<{ task: TaskView }>(`/${TASKS_ROUTES.create}`, {
      workspaceId,
      description: 'Reconcile the purchase register',
      assignedToExternalId: ownerId,
      ...fields,
    });
    return task;
  }

  it('creates a task with the keyboard, filters, sorts and keeps it all in the address, and deletes the selection in one go', async () => {
    const journey = await startJourney();
    const { page } = journey.session;
    await createClient(journey, 'Sharma Traders');
    await createTask(journey, { title: 'Audit ledger', dueDate: isoDateIn(12) });
    await createTask(journey, { title: 'Book closure', dueDate: isoDateIn(3), priority: 'LOW' });

    await page.goto(journey.url('tasks'));
    await page.getByRole('heading', { level: 1, name: 'Tasks' }).waitFor();
    await tasksTable(page).getByRole('link', { name: 'Audit ledger' }).waitFor();

    // "n" opens New Task when no field has focus.
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('n');
    const create = page.getByRole('dialog', { name: 'New Task' });
    await create.getByRole('button', { name: 'Create Task' }).click();
    await create.getByText('Title is required').waitFor();
    expect(await create.getByLabel('Title').getAttribute('aria-invalid')).to.equal('true');
    expect(await accessibleDescriptionOf(create.getByLabel('Title'))).to.equal('Title is required');
    await create.getByLabel('Title').fill('File GSTR-1');
    await create.getByLabel('Description').fill('Outward supplies for the month');
    await create.getByLabel('Priority').selectOption('HIGH');
    await create.getByLabel('Due Date').fill(isoDateIn(5));
    await create.getByLabel('Client').selectOption({ label: 'Sharma Traders' });
    await create.getByRole('button', { name: 'Create Task' }).click();
    await toast(page, TASK_TOASTS.created).waitFor();
    await create.waitFor({ state: 'detached' });
    const newRow = tasksTable(page).getByRole('row').filter({ hasText: 'File GSTR-1' });
    await newRow.getByRole('link', { name: 'Sharma Traders' }).waitFor();

    // Search after a pause, kept in the address; then a priority.
    await page.getByRole('searchbox', { name: 'Search tasks' }).fill('GSTR');
    await page.waitForURL(/search=GSTR/);
    await tasksTable(page).getByRole('link', { name: 'Audit ledger' }).waitFor({ state: 'detached' });
    // Read out to a screen reader, from a status region that was on the page before.
    await page.getByRole('status').filter({ hasText: '1 task shown' }).waitFor({ state: 'attached' });
    await page.getByRole('searchbox', { name: 'Search tasks' }).fill('');
    await page.waitForURL((url) => !url.searchParams.has('search'));
    await page.getByLabel('Priority').selectOption('LOW');
    await page.waitForURL(/priority=LOW/);
    await tasksTable(page).getByRole('link', { name: 'File GSTR-1' }).waitFor({ state: 'detached' });
    await page.getByLabel('Priority').selectOption('');

    // Sorting by title, then the other way round.
    const titleHeader = tasksTable(page).getByRole('columnheader', { name: 'Task', exact: true });
    await titleHeader.getByRole('button').click();
    await page.waitForURL(/sortField=title&sortOrder=asc/);
    await attributeBecomes(titleHeader, 'aria-sort', 'ascending');
    await expectTitles(page, ['Audit ledger', 'Book closure', 'File GSTR-1']);
    await titleHeader.getByRole('button').click();
    await page.waitForURL(/sortOrder=desc/);
    await expectTitles(page, ['File GSTR-1', 'Book closure', 'Audit ledger']);

    // A filter and a sort changed in the same moment, before the list renders again: both stay in the address.
    const prioritySelect = await page.getByLabel('Priority').elementHandle();
    const titleSortButton = await titleHeader.getByRole('button').elementHandle();
    await page.evaluate(
      ([select, button]) => {
        (select as HTMLSelectElement).value = 'LOW';
        select!.dispatchEvent(new Event('change', { bubbles: true }));
        (button as HTMLButtonElement).click();
      },
      [prioritySelect, titleSortButton] as const,
    );
    await page.waitForURL((url) => url.searchParams.get('priority') === 'LOW' && url.searchParams.get('sortOrder') === 'asc');
    await expectTitles(page, ['Book closure']);

    // The dashboard's "upcoming" link: only what falls due within a week, removable.
    await page.goto(journey.url('tasks?filter=upcoming'));
    await page.getByText('Due in the next 7 days').waitFor();
    await expectTitles(page, ['Book closure', 'File GSTR-1']);
    await page.getByRole('button', { name: /Remove the filter/ }).click();
    await tasksTable(page).getByRole('link', { name: 'Audit ledger' }).waitFor();

    // Everything loaded, selected by the header checkbox, deleted once the workspace name is typed.
    await page.getByRole('checkbox', { name: 'Select all tasks' }).check(FORCE);
    await page.locator('.tasks-selection').getByText('3 task(s) selected').waitFor();
    await page.getByRole('status').filter({ hasText: '3 task(s) selected' }).waitFor({ state: 'attached' });
    await page.getByRole('button', { name: 'Delete Selected' }).click();
    const bulk = page.getByRole('dialog', { name: 'Delete Selected Tasks' });
    const confirm = bulk.getByRole('button', { name: 'Delete', exact: true });
    expect(await confirm.isDisabled()).to.equal(true);
    await bulk.getByRole('textbox', { name: 'Type to confirm' }).fill(journey.workspaceName);
    await confirm.click();
    await toast(page, TASK_TOASTS.bulkDeleted(3)).waitFor();
    await page.locator('.bp6-non-ideal-state').getByText(TASK_TOASTS.empty).waitFor();
    await page.getByRole('status').filter({ hasText: TASK_TOASTS.empty }).waitFor({ state: 'attached' });
    expect(unexpectedConsoleErrors(journey.session)).to.deep.equal([]);
  });

  it('keeps the keyboard in a dialog whose save failed, leaves "n" alone while a dialog is open, and goes on from the first task Load more brought', async () => {
    const journey = await startJourney();
    const { page } = journey.session;
    const titles = Array.from({ length: DEFAULT_TASK_PAGE_SIZE + 2 }, (_, index) => `Voucher check ${String(index + 1).padStart(2, '0')}`);
    for (const title of titles) await createTask(journey, { title });
    await page.goto(journey.url('tasks'));
    await tasksTable(page)
      .getByRole('link', { name: titles.at(-1) })
      .waitFor();

    // The save fails: the button that went busy gave up the focus, which comes back into the dialog.
    await page.route(
      (address) => address.pathname.endsWith(`/api/v1/${TASKS_ROUTES.create}`),
      (route) =>
        route.request().method() === 'POST'
          ? route.fulfill({ status: 422, contentType: 'application/json', body: JSON.stringify({ error: 'The task could not be saved' }) })
          : route.fallback(),
    );
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('n');
    const dialog = page.getByRole('dialog', { name: 'New Task' });
    await dialog.getByLabel('Title').fill('Bank reconciliation');
    await dialog.getByLabel('Description').fill('March quarter');
    // The picker offers no past day, and one typed in is refused before anything is sent.
    await dialog.getByLabel('Due Date').fill(isoDateIn(-2));
    await dialog.getByRole('button', { name: 'Create Task' }).click();
    await dialog.getByText('Pick today or a later date').waitFor();
    await dialog.getByLabel('Due Date').fill(isoDateIn(2));
    await dialog.getByText('Pick today or a later date').waitFor({ state: 'detached' });
    await dialog.getByRole('button', { name: 'Create Task' }).press('Enter');
    await toast(page, 'The task could not be saved').waitFor();
    await page.waitForFunction(() => document.activeElement?.closest('[role="dialog"]') !== null);
    await page.keyboard.press('n');
    expect(await page.getByRole('dialog').count(), 'no second dialog over the first').to.equal(1);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.unrouteAll();

    await page.getByRole('button', { name: 'Load more' }).press('Enter');
    await page.waitForFunction((title) => document.activeElement?.textContent === title, titles[1]);
    await page.getByRole('button', { name: 'Load more' }).waitFor({ state: 'detached' });

    // One-letter shortcuts can be turned off on the Profile page (WCAG 2.1.4), and then "n" is just a letter, also
    // in a tab that was open before.
    const otherTab = await journey.session.context.newPage();
    await otherTab.goto(journey.url('tasks'));
    await tasksTable(otherTab)
      .getByRole('link', { name: titles.at(-1) })
      .waitFor();
    await page.goto(`${baseUrl()}/axal/profile`);
    await page.getByLabel('One-letter shortcuts').uncheck(FORCE);
    await otherTab.locator('body').click({ position: { x: 5, y: 5 } });
    await otherTab.keyboard.press('n');
    await otherTab.getByRole('button', { name: 'New Task', exact: true }).click();
    await otherTab.getByRole('dialog', { name: 'New Task' }).waitFor();
    expect(await otherTab.getByRole('dialog').count(), 'only the dialog the button opened').to.equal(1);
    await otherTab.close();
    expect(unexpectedConsoleErrors(journey.session, [422])).to.deep.equal([]);
  });

  it('opens a task, comments, attaches and downloads a file, edits, reassigns and deletes it by its title', async () => {
    const journey = await startJourney();
    const { page } = journey.session;
    const colleague = await suite.open();
    const member = await signInBrowserContext(colleague.context, baseUrl(), 'tasks-member');
    await member.api('/me', { name: 'Priya Sharma' }, 'patch');
    await joinByInvitation(baseUrl(), { owner: journey.signedIn, workspaceId: journey.workspaceId, member, role: 'EMPLOYEE' });
    const task = await createTask(journey, { title: 'Reply to GST notice', dueDate: isoDateIn(4) });

    await page.goto(journey.url('tasks'));
    await tasksTable(page).getByRole('link', { name: 'Reply to GST notice' }).click();
    await page.waitForURL(journey.url(`tasks/${task.externalId}`));
    await page.getByRole('heading', { level: 1, name: 'Reply to GST notice' }).waitFor();
    await page.getByText('Assigned to Anil Mehta').waitFor();
    await page.getByText(TASK_TOASTS.noComments).waitFor();

    // A comment: nothing to send while blank.
    const comments = page.getByRole('region', { name: 'Comments' });
    const commentButton = comments.getByRole('button', { name: 'Comment' });
    await comments.getByLabel('Add a comment').fill('   ');
    expect(await commentButton.isDisabled()).to.equal(true);
    await comments.getByLabel('Add a comment').fill('Asked the client for the purchase invoices.');
    await commentButton.click();
    await toast(page, TASK_TOASTS.commentAdded).waitFor();
    await comments.getByText('Asked the client for the purchase invoices.').waitFor();
    await comments.getByText('Anil Mehta').waitFor();

    // A file attached through the documents plugin's card, then downloaded.
    const attachments = page.locator('.bp6-section').filter({ has: page.getByRole('heading', { name: 'Attachments' }) });
    await attachments.getByText('No attachments yet.').waitFor();
    await attachments.getByRole('button', { name: 'Upload' }).click();
    const upload = page.getByRole('dialog', { name: 'Upload Attachments' });
    await upload.getByText('Upload files to attach to this task.').waitFor();
    await upload.getByRole('progressbar', { name: 'Storage used' }).waitFor();
    await upload
      .getByLabel('Click to upload or drag and drop', { exact: true })
      .setInputFiles([{ name: 'notice-reply.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\nreply') }]);
    await upload.getByRole('button', { name: 'Upload 1 file(s)' }).click();
    await attachments.getByText('notice-reply.pdf').waitFor();
    if (await upload.isVisible()) await upload.getByRole('button', { name: 'Close' }).click();
    await upload.waitFor({ state: 'detached' });
    const href = await attachments.getByRole('button', { name: 'Download notice-reply.pdf' }).getAttribute('href');
    const download = await journey.session.context.request.get(new URL(href!, baseUrl()).toString());
    expect(download.status()).to.equal(200);
    expect((await download.body()).toString()).to.equal('%PDF-1.4\nreply');
    const activity = page.getByRole('region', { name: 'Activity Log' });
    await activity.getByText(/attached notice-reply\.pdf/).waitFor();

    // Edit: the status starts the work.
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Task' });
    await edit.getByText('Update task details and information.').waitFor();
    await edit.getByLabel('Status').selectOption('IN_PROGRESS');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, TASK_TOASTS.updated).waitFor();
    await page.locator('.tasks-heading').getByText('In Progress').waitFor();
    await activity.getByText(/changed Status/i).waitFor();

    // Reassign to the colleague, found by searching.
    await page.getByRole('button', { name: 'Reassign' }).click();
    const reassign = page.getByRole('dialog', { name: 'Reassign Task' });
    const reassignButton = reassign.getByRole('button', { name: 'Reassign' });
    expect(await reassignButton.isDisabled()).to.equal(true);
    await reassign.getByRole('searchbox', { name: 'Search members' }).fill('nobody like this');
    await reassign.getByText('No members found.').waitFor();
    await reassign.getByRole('searchbox', { name: 'Search members' }).fill('Priya');
    await reassign.getByRole('radio', { name: /Priya Sharma/ }).check();
    // A chosen member the search then hides is not reassigned to.
    await reassign.getByRole('searchbox', { name: 'Search members' }).fill('zzzz');
    await reassign.getByText('No members found.').waitFor();
    expect(await reassignButton.isDisabled()).to.equal(true);
    await reassign.getByRole('searchbox', { name: 'Search members' }).fill('Priya');
    expect(await reassignButton.isDisabled()).to.equal(false);
    await reassignButton.click();
    await toast(page, TASK_TOASTS.reassigned).waitFor();
    await page.getByText('Assigned to Priya Sharma').waitFor();

    // Delete, once the title is typed exactly.
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const remove = page.getByRole('dialog', { name: 'Delete Task' });
    await remove.getByText('This action cannot be undone. This will permanently delete the task and all associated data.').waitFor();
    // The box says what to type, and why, to a screen reader as it takes focus.
    const typedDescription = await accessibleDescriptionOf(remove.getByRole('textbox', { name: 'Type to confirm' }));
    expect(typedDescription).to.include('This action cannot be undone').and.to.include('Reply to GST notice');
    await remove.getByRole('textbox', { name: 'Type to confirm' }).fill('Reply to GST');
    expect(await remove.getByRole('button', { name: 'Delete Task' }).isDisabled()).to.equal(true);
    await remove.getByRole('textbox', { name: 'Type to confirm' }).fill('Reply to GST notice');
    await remove.getByRole('button', { name: 'Delete Task' }).click();
    await toast(page, TASK_TOASTS.deleted).waitFor();
    await page.waitForURL(journey.url('tasks'));

    await page.goto(journey.url(`tasks/${task.externalId}`));
    await page.getByRole('heading', { level: 1, name: 'Task not found' }).waitFor();
    await page.getByRole('link', { name: 'Back to Tasks' }).waitFor();
    expect(unexpectedConsoleErrors(journey.session, [404])).to.deep.equal([]);
  });

  it("sets up monthly work for two clients, lists a client's tasks on its page and draws the dashboard's doughnut", async () => {
    const journey = await startJourney();
    const { page } = journey.session;
    const sharma = await createClient(journey, 'Sharma Traders');
    await createClient(journey, 'Verma Textiles');
    const firstDue = isoDateIn(20);

    await page.goto(journey.url('tasks'));
    await page.getByRole('button', { name: 'New recurring work' }).click();
    const dialog = page.getByRole('dialog', { name: 'New recurring work' });
    // Each error goes once its field is filled in.
    await dialog.getByRole('button', { name: 'Create series' }).click();
    await dialog.getByText('Description is required').waitFor();
    await dialog.getByLabel('Description').fill('Monthly summary return');
    await dialog.getByText('Description is required').waitFor({ state: 'detached' });
    expect(await dialog.getByLabel('Description').getAttribute('aria-invalid')).to.not.equal('true');
    await dialog.getByLabel('First due date').fill(firstDue);
    await dialog.getByText('The first due date is required').waitFor({ state: 'detached' });
    const clients = dialog.getByRole('group', { name: 'Clients' });
    await clients.getByText('Sharma Traders', { exact: true }).click();
    await clients.getByText('Verma Textiles', { exact: true }).click();
    const day = Number(firstDue.slice(8, 10));
    await dialog.getByText(new RegExp(`GSTR-3B for Sharma Traders - monthly on day ${day} - first due`)).waitFor();
    await dialog.getByRole('button', { name: 'Create 2 series' }).click();
    await toast(page, TASK_TOASTS.seriesCreated(2)).waitFor();
    await tasksTable(page).getByRole('link', { name: 'GSTR-3B for Verma Textiles' }).waitFor();

    await tasksTable(page).getByRole('link', { name: 'GSTR-3B for Sharma Traders' }).click();
    await page.getByRole('heading', { level: 2, name: `Repeats: Monthly on day ${day}` }).waitFor();
    // Due dates read 'MMM d, yyyy' here as everywhere (spec 2 section 9).
    await page.getByText(/^Next due: [A-Z][a-z]{2} \d{1,2}, \d{4}(; [A-Z][a-z]{2} \d{1,2}, \d{4})*$/).waitFor();

    // Stopping it by keyboard: the confirmation says what it confirms, and focus lands on the series' card after.
    await page.getByRole('button', { name: 'Stop repeating' }).press('Enter');
    const confirmStop = page.getByRole('alertdialog', { name: 'Stop repeating?' });
    expect(await accessibleDescriptionOf(confirmStop)).to.include('No more tasks will be created for this series');
    await confirmStop.getByRole('button', { name: 'Stop repeating' }).press('Enter');
    await page.getByRole('heading', { level: 2, name: 'No longer repeats' }).waitFor();
    await page.waitForFunction(() => document.activeElement?.closest('[role="region"]')?.textContent?.includes('No longer repeats') === true);

    // The client's page: its tasks, an overdue one marked so, and a new one made there for it.
    const overdue = 'Reply to the GST notice';
    await createTask(journey, { title: overdue, clientExternalId: sharma, dueDate: isoDateIn(-3) });
    await page.goto(journey.url(`clients/${sharma}`));
    const section = page.locator('.bp6-section').filter({ has: page.getByRole('heading', { level: 2, name: 'Tasks' }) });
    await section.getByRole('link', { name: 'GSTR-3B for Sharma Traders' }).waitFor();
    await section.getByRole('row').filter({ hasText: overdue }).getByText('Overdue').waitFor();
    expect(await section.getByRole('row').filter({ hasText: 'GSTR-3B for Sharma Traders' }).getByText('Overdue').count()).to.equal(0);
    await section.getByRole('button', { name: 'New Task' }).click();
    const create = page.getByRole('dialog', { name: 'New Task' });
    await create.getByLabel('Client').locator('option:checked', { hasText: 'Sharma Traders' }).waitFor({ state: 'attached' });
    await create.getByLabel('Title').fill('Collect bank statements');
    await create.getByLabel('Description').fill('April to March');
    await create.getByRole('button', { name: 'Create Task' }).click();
    await toast(page, TASK_TOASTS.created).waitFor();
    await section.getByRole('link', { name: 'Collect bank statements' }).waitFor();

    // The dashboard: four pending tasks in the figure and the doughnut, the overdue one marked among the recent.
    await page.goto(journey.url('dashboard'));
    const pending = page.getByRole('region', { name: 'Pending Tasks' });
    await pending.getByText('4', { exact: true }).waitFor();
    const chart = page.getByRole('region', { name: 'Task Status Distribution' });
    await chart.locator('svg').first().waitFor();
    await chart.getByText('Total Tasks').waitFor();
    const total = await chart.locator('svg text').filter({ hasText: /^4$/ }).boundingBox();
    const totalLabel = await chart.locator('svg text').filter({ hasText: 'Total Tasks' }).boundingBox();
    expect(total!.y + total!.height, 'the total stands above its label').to.be.at.most(totalLabel!.y + 1);
    await chart.getByText('Pending: 4 (100%)').waitFor();
    const recent = page.getByRole('region', { name: 'Recent Tasks' });
    await recent.getByRole('link', { name: 'Collect bank statements' }).waitFor();
    const overdueTag = recent.getByRole('listitem').filter({ hasText: overdue }).getByText('Overdue');
    await overdueTag.waitFor();
    // Widths where the card's meta line is too narrow for the date and the tag together: the tag goes below, whole.
    for (const width of [600, 1200, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await page.evaluate(() => new Promise(requestAnimationFrame));
      expect(
        await overdueTag.evaluate((text) => text.scrollWidth <= text.clientWidth),
        `the Overdue tag shows its whole word at ${width} px`,
      ).to.equal(true);
    }
    expect(unexpectedConsoleErrors(journey.session)).to.deep.equal([]);
  });

  it('changes a whole series without undoing what one of its tasks was given alone, and edits a task of a stopped series', async () => {
    const journey = await startJourney();
    const { page } = journey.session;
    const firstDue = isoDateIn(-70);
    const first = await createTask(journey, {
      title: 'GSTR-1 return',
      dueDate: firstDue,
      recurrence: { frequency: 'MONTHLY', interval: 1, dayOfMonth: Number(firstDue.slice(8, 10)), createDaysBefore: 0 },
    });
    const taskOf = async (id: string) => {
      const response = await journey.session.context.request.get(
        `${baseUrl()}/axal/api/v1/${TASKS_ROUTES.task(id)}?workspaceId=${journey.workspaceId}`,
      );
      return ((await response.json()) as { task: TaskView }).task;
    };
    const listed = await journey.session.context.request.get(`${baseUrl()}/axal/api/v1/${TASKS_ROUTES.list}?workspaceId=${journey.workspaceId}`);
    const { tasks } = (await listed.json()) as { tasks: TaskView[] };
    const later = tasks.filter((task) => task.externalId !== first.externalId).sort((a, b) => b.dueDate!.localeCompare(a.dueDate!))[0]!;
    await journey.signedIn.api(
      `/${TASKS_ROUTES.task(later.externalId)}`,
      { workspaceId: journey.workspaceId, priority: 'URGENT', applyTo: 'THIS' },
      'patch',
    );

    await page.goto(journey.url(`tasks/${first.externalId}`));
    const editButton = page.getByRole('button', { name: 'Edit', exact: true });
    await editButton.click();
    await page.getByRole('dialog', { name: 'Edit a repeating task' }).getByRole('button', { name: 'The whole series' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Task' });
    await edit.getByLabel('Title').fill('GSTR-1 outward supplies');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, TASK_TOASTS.updated).waitFor();
    await edit.waitFor({ state: 'detached' });
    // Back where the dialog was opened from, for a keyboard user.
    await page.waitForFunction((button) => button === document.activeElement, await editButton.elementHandle());
    expect(await taskOf(later.externalId)).to.include({ title: 'GSTR-1 outward supplies', priority: 'URGENT', dueDate: later.dueDate });

    await journey.signedIn.api(`/${TASKS_ROUTES.stopRepeating(first.externalId)}`, { workspaceId: journey.workspaceId });
    await page.goto(journey.url(`tasks/${later.externalId}`));
    await page.getByRole('heading', { level: 2, name: 'No longer repeats' }).waitFor();
    await editButton.click();
    await edit.getByLabel('Description').fill('Outward supplies, filed with the DSC');
    expect(await edit.getByRole('group', { name: 'Repeat' }).count()).to.equal(0);
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, TASK_TOASTS.updated).waitFor();
    expect(await taskOf(later.externalId)).to.include({ description: 'Outward supplies, filed with the DSC', priority: 'URGENT' });
    expect(unexpectedConsoleErrors(journey.session)).to.deep.equal([]);
  });

  async function expectTitles(page: Page, titles: string[]): Promise<void> {
    await page.waitForFunction(
      (expected) =>
        JSON.stringify(
          Array.from(document.querySelectorAll('table[aria-label="Tasks"] tbody .tasks-table__title')).map((link) => link.textContent),
        ) === JSON.stringify(expected),
      titles,
    );
  }
});
