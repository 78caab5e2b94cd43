import { expect } from 'chai';
import type { Locator, Page } from 'playwright-core';
import {
  animationsSettled,
  browserSuite,
  quietWorkspace,
  settledScreenshot,
  sharedHost,
  sidewaysOverflow,
  signInBrowserContext,
  squeezedWords,
  unexpectedConsoleErrors,
  type BrowserSession,
  type SignedIn,
} from '../../../../core/plugin-api/testing';
import { TASKS_ROUTES, type TaskView } from '../../shared/wire';

const NARROW = { width: 360, height: 740 };
const CLIENT_NAME = 'Sreelakshmi Venkataramanan Enterprises Private Limited';
const TASK_TITLES = [
  'Reconcile GSTR-2B with the purchase register for Sreelakshmi Venkataramanan Enterprises',
  'Prepare the statutory audit working papers and the tax audit report (Form 3CD)',
  'Respond to the intimation under section 143(1) for assessment year 2025-26',
  'File TDS returns',
];
const DETAILED_TASK = TASK_TITLES[1];
/** One unbroken run of text, as pasted links are: the comment must wrap it rather than widen the page. */
const LONG_LINK = 'https://www.incometax.gov.in/iec/foportal/help/individual/return-applicable-1#intimation-under-section-143-1';
const COMMENTS = ['Asked the client for the bank statements of all three current accounts.', `The notice is explained here: ${LONG_LINK}`];

/** `YYYY-MM-DD`, `days` from today in India. */
const isoDateIn = (days: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date(Date.now() + days * 86_400_000));

async function expectFitsScreen(page: Page, table?: Locator) {
  expect(await sidewaysOverflow(page), 'the page scrolls sideways').to.equal(0);
  if (table) expect(await squeezedWords(table), 'words wider than their cells').to.deep.equal([]);
}

/** The element is shown whole within the window, neither cut off at a side nor below the fold. */
async function expectWithinWindow(element: Locator, what: string) {
  await element.waitFor();
  // A dialog opens with a bouncing scale; measure it once it has ended.
  await animationsSettled(element.page());
  const box = await element.boundingBox();
  expect(box, what).to.not.equal(null);
  expect(box!.x, `${what}: left edge`).to.be.at.least(0);
  expect(box!.y, `${what}: top edge`).to.be.at.least(0);
  expect(box!.x + box!.width, `${what}: right edge`).to.be.at.most(NARROW.width);
  expect(box!.y + box!.height, `${what}: bottom edge`).to.be.at.most(NARROW.height);
}

describe('browser: tasks on narrow screens', function () {
  this.timeout(180_000);
  const suite = browserSuite();
  const baseUrl = () => sharedHost().baseUrl;
  let signInCookies: Awaited<ReturnType<BrowserSession['context']['cookies']>>;
  let workspaceUrl: (path: string) => string;
  let clientId: string;
  let detailedTaskId: string;

  /** A 360 px page of this test, signed in as the owner of the workspace the suite made. */
  async function narrowOwnerPage(): Promise<BrowserSession> {
    const session = await suite.open();
    await session.context.addCookies(signInCookies);
    await session.page.setViewportSize(NARROW);
    return session;
  }

  before(async () => {
    const session = await suite.open();
    const signedIn = await signInBrowserContext(session.context, baseUrl(), 'narrow-tasks');
    const { user } = await signedIn.api<{ user: { externalId: string } }>('/me', { name: 'Venkatalakshmi Ramasubramanian' }, 'patch');
    const workspaceId = (await quietWorkspace(signedIn, 'Ramasubramanian and Associates')).externalId;
    clientId = await createClient(signedIn, workspaceId);
    for (const [index, title] of TASK_TITLES.entries()) {
      const { task } = await signedIn.api<{ task: TaskView }>(`/${TASKS_ROUTES.create}`, {
        workspaceId,
        title,
        description: 'Collect the documents, reconcile the figures with the books and send the working papers for review.',
        assignedToExternalId: user.externalId,
        priority: index === 0 ? 'URGENT' : 'MEDIUM',
        dueDate: isoDateIn(index * 9 + 2),
        ...(index < 3 ? { clientExternalId: clientId } : {}),
      });
      if (title === DETAILED_TASK) detailedTaskId = task.externalId;
    }
    for (const content of COMMENTS) await signedIn.api(`/${TASKS_ROUTES.comments(detailedTaskId)}`, { workspaceId, content });
    workspaceUrl = (path) => `${baseUrl()}/axal/w/${workspaceId}/${path}`;
    signInCookies = await session.context.cookies();
  });

  it('the list fits 360 px, and the selection bar and its dialog stay usable', async () => {
    const session = await narrowOwnerPage();
    const { page } = session;
    await page.goto(workspaceUrl('tasks'));
    const table = page.getByRole('table', { name: 'Tasks' });
    for (const title of TASK_TITLES) await table.getByRole('link', { name: title }).waitFor();
    await expectWithinWindow(page.getByRole('button', { name: 'New Task', exact: true }), 'New Task button');
    await expectWithinWindow(page.getByRole('button', { name: 'New recurring work' }), 'New recurring work button');
    await expectFitsScreen(page, table);
    await table.getByRole('button', { name: `Details of ${TASK_TITLES[0]}` }).click();
    await table.getByText(CLIENT_NAME).waitFor();
    await expectFitsScreen(page, table);
    await settledScreenshot(session, 'tasks-narrow-list-360');

    await page.getByRole('checkbox', { name: 'Select all tasks' }).check({ force: true });
    await page.locator('.tasks-selection').getByText(`${TASK_TITLES.length} task(s) selected`).waitFor();
    await expectWithinWindow(page.getByRole('button', { name: 'Delete Selected' }), 'Delete Selected button');
    await expectWithinWindow(page.getByRole('button', { name: 'Clear selection' }), 'Clear selection button');
    await expectFitsScreen(page, table);
    await settledScreenshot(session, 'tasks-narrow-selection-360');

    await page.getByRole('button', { name: 'Delete Selected' }).click();
    const bulk = page.getByRole('dialog', { name: 'Delete Selected Tasks' });
    await expectWithinWindow(bulk, 'Delete Selected Tasks dialog');
    await expectWithinWindow(bulk.getByRole('textbox', { name: 'Type to confirm' }), 'confirmation box');
    await expectWithinWindow(bulk.getByRole('button', { name: 'Delete', exact: true }), 'Delete button');
    await expectFitsScreen(page);
    await bulk.getByRole('button', { name: 'Cancel' }).click();
    await bulk.waitFor({ state: 'detached' });
    expect(unexpectedConsoleErrors(session)).to.deep.equal([]);
  });

  it("sorts by due date at 360 px, where the Due Date column is in the rows' details", async () => {
    const session = await narrowOwnerPage();
    const { page } = session;
    await page.goto(workspaceUrl('tasks'));
    const table = page.getByRole('table', { name: 'Tasks' });
    await table.getByRole('link', { name: TASK_TITLES[0] }).waitFor();
    expect(await table.getByRole('columnheader', { name: 'Due Date' }).count(), 'no Due Date header to click').to.equal(0);
    const inOrder = (expected: string[]) =>
      page.waitForFunction(
        (titles) => JSON.stringify([...document.querySelectorAll('a.tasks-table__title')].map((link) => link.textContent)) === JSON.stringify(titles),
        expected,
      );

    await page.getByLabel('Sort by').selectOption({ label: 'Due Date' });
    await page.waitForURL(/sortField=dueDate&sortOrder=asc/);
    await inOrder(TASK_TITLES);
    await page.getByRole('button', { name: 'Ascending, reverse the order' }).click();
    await page.waitForURL(/sortField=dueDate&sortOrder=desc/);
    await inOrder([...TASK_TITLES].reverse());
    await page.getByRole('button', { name: 'Descending, reverse the order' }).waitFor();
    await expectFitsScreen(page, table);
    expect(unexpectedConsoleErrors(session)).to.deep.equal([]);
  });

  it('the New Task dialog fits 360 px, with its Repeat section open', async () => {
    const session = await narrowOwnerPage();
    const { page } = session;
    await page.goto(workspaceUrl('tasks'));
    await page.getByRole('table', { name: 'Tasks' }).getByRole('link', { name: TASK_TITLES[0] }).waitFor();
    await page.getByRole('button', { name: 'New Task', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'New Task' });
    await expectWithinWindow(dialog, 'New Task dialog');
    await expectWithinWindow(dialog.getByRole('button', { name: 'Create Task' }), 'Create Task button');
    await expectWithinWindow(dialog.getByRole('button', { name: 'Cancel' }), 'Cancel button');
    await expectFitsScreen(page);

    await dialog.getByLabel('Client').selectOption({ label: CLIENT_NAME });
    await dialog.getByLabel('Repeats').selectOption('MONTHLY');
    await dialog.getByRole('button', { name: 'Create Task' }).click();
    await dialog.getByText('Title is required').waitFor();
    await expectWithinWindow(dialog, 'New Task dialog with errors and Repeat');
    await expectWithinWindow(dialog.getByRole('button', { name: 'Create Task' }), 'Create Task button with errors and Repeat');
    await dialog.getByLabel('Create days before due').scrollIntoViewIfNeeded();
    await expectWithinWindow(dialog.getByLabel('Create days before due'), 'the last Repeat field');
    const body = dialog.locator('.bp6-dialog-body');
    expect(await body.evaluate((element) => element.scrollWidth - element.clientWidth), 'the form scrolls sideways').to.equal(0);
    await expectFitsScreen(page);
    await settledScreenshot(session, 'tasks-narrow-new-task-360');
    expect(unexpectedConsoleErrors(session)).to.deep.equal([]);
  });

  it('the details page with comments fits 360 px', async () => {
    const session = await narrowOwnerPage();
    const { page } = session;
    await page.goto(workspaceUrl(`tasks/${detailedTaskId}`));
    await page.getByRole('heading', { level: 1, name: DETAILED_TASK }).waitFor();
    const comments = page.getByRole('region', { name: 'Comments' });
    for (const comment of COMMENTS) await comments.getByText(comment).waitFor();
    await page
      .getByRole('region', { name: 'Activity Log' })
      .getByText(/created/i)
      .first()
      .waitFor();
    await expectWithinWindow(page.getByRole('button', { name: 'Edit', exact: true }), 'Edit button');
    await expectFitsScreen(page);
    const commentBox = await comments.locator('.tasks-feed').boundingBox();
    expect(commentBox!.x + commentBox!.width, 'the comments overrun the window').to.be.at.most(NARROW.width);
    await settledScreenshot(session, 'tasks-narrow-details-360');
    expect(unexpectedConsoleErrors(session)).to.deep.equal([]);
  });

  it("the client page's Tasks section fits 360 px", async () => {
    const session = await narrowOwnerPage();
    const { page } = session;
    await page.goto(workspaceUrl(`clients/${clientId}`));
    const table = page.getByRole('table', { name: 'Client tasks' });
    for (const title of TASK_TITLES.slice(0, 3)) await table.getByRole('link', { name: title }).waitFor();
    await expectFitsScreen(page, table);
    await settledScreenshot(session, 'tasks-narrow-client-section-360');
    expect(unexpectedConsoleErrors(session)).to.deep.equal([]);
  });
});

async function createClient(signedIn: SignedIn, workspaceId: string): Promise<string> {
  const { client } = await signedIn.api<{ client: { externalId: string } }>('/clients', {
    workspaceExternalId: workspaceId,
    clientType: 'BUSINESS',
    name: CLIENT_NAME,
    email: `narrow.tasks.${process.pid}@clients.example`,
    phone: '9845012345',
    panNumber: `NRWTK${String(process.pid % 10_000).padStart(4, '0')}T`,
    businessAddress: '7/3, Temple Street, Madurai - 625001',
  });
  return client.externalId;
}
