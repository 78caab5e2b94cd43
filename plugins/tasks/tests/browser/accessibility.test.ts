import { randomUUID } from 'node:crypto';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import {
  browserSuite,
  expectAccessibleInEveryTheme,
  openPage,
  quietWorkspace,
  sharedHost,
  sharedSuitePage,
  signInBrowserContext,
  type BrowserSession,
  type SignedIn,
} from '../../../../core/plugin-api/testing';
import { TASKS_ROUTES, type TaskView } from '../../shared/wire';

const CLIENT_NAME = 'Sharma Traders';
const TASK_TITLE = 'Reply to GST notice';
const SERIES_TITLE = 'GSTR-3B for Sharma Traders';

/** One workspace with a client, a task with a comment, and a monthly series. */
interface TasksWorld {
  signedIn: SignedIn;
  cookies: Awaited<ReturnType<BrowserContext['cookies']>>;
  workspaceId: string;
  clientId: string;
  taskId: string;
  seriesTaskId: string;
  close(): Promise<void>;
}

const isoDateIn = (days: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date(Date.now() + days * 86_400_000));

async function buildWorld(session: BrowserSession): Promise<TasksWorld> {
  const signedIn = await signInBrowserContext(session.context, sharedHost().baseUrl, 'tasks-a11y');
  const { user } = await signedIn.api<{ user: { externalId: string } }>('/me', { name: 'Anil Mehta' }, 'patch');
  const workspaceId = (await quietWorkspace(signedIn, 'Mehta and Rao Associates')).externalId;
  const { client } = await signedIn.api<{ client: { externalId: string } }>('/clients', {
    workspaceExternalId: workspaceId,
    clientType: 'BUSINESS',
    name: CLIENT_NAME,
    email: `sharma.${randomUUID().slice(0, 6)}@clients.example`,
    phone: '9845012345',
    panNumber: 'AAACS1234K',
    businessAddress: '22, Residency Road, Bengaluru - 560025',
  });
  const create = (fields: Record<string, unknown>) =>
    signedIn.api<{ task: TaskView }>(`/${TASKS_ROUTES.create}`, {
      workspaceId,
      description: 'Draft the reply and collect the invoices the notice asks for.',
      assignedToExternalId: user.externalId,
      clientExternalId: client.externalId,
      ...fields,
    });
  const { task } = await create({ title: TASK_TITLE, priority: 'HIGH', dueDate: isoDateIn(-2) });
  await signedIn.api(`/${TASKS_ROUTES.comments(task.externalId)}`, { workspaceId, content: 'Asked the client for the invoices.' });
  const { task: seriesTask } = await create({
    title: SERIES_TITLE,
    dueDate: isoDateIn(10),
    recurrence: { frequency: 'MONTHLY', interval: 1, dayOfMonth: 20, createDaysBefore: 5 },
  });
  return {
    signedIn,
    cookies: await session.context.cookies(),
    workspaceId,
    clientId: client.externalId,
    taskId: task.externalId,
    seriesTaskId: seriesTask.externalId,
    close: () => session.close(),
  };
}

const tasksPath = (world: TasksWorld, query = '') => `/axal/w/${world.workspaceId}/tasks${query}`;
const taskPath = (world: TasksWorld) => `/axal/w/${world.workspaceId}/tasks/${world.taskId}`;
const seriesTaskPath = (world: TasksWorld) => `/axal/w/${world.workspaceId}/tasks/${world.seriesTaskId}`;

/** Waits until the page shows its heading and nothing on it is still loading. */
async function settled(page: Page, heading: string): Promise<void> {
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  await page.waitForFunction(() => !document.querySelector('.bp6-skeleton, .bp6-spinner, [aria-busy="true"]'));
}

interface Check {
  name: string;
  path: (world: TasksWorld) => string;
  heading: string;
  /** What shows the page is complete, beyond its heading. */
  ready?: (page: Page) => Promise<unknown>;
  /** Opens a dialog and answers it; without it the page itself is checked. */
  open?: (page: Page) => Promise<Locator>;
}

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

const CHECKS: Check[] = [
  {
    name: 'tasks list',
    path: (world) => tasksPath(world),
    heading: 'Tasks',
    ready: (page) => page.getByRole('link', { name: TASK_TITLE }).waitFor(),
  },
  {
    name: 'tasks list, nothing found',
    path: (world) => tasksPath(world, '?search=no-such-task&filter=upcoming'),
    heading: 'Tasks',
    ready: (page) => page.locator('.bp6-non-ideal-state').getByText('No tasks found').waitFor(),
  },
  { name: 'task details', path: taskPath, heading: TASK_TITLE, ready: (page) => page.getByText('Asked the client for the invoices.').waitFor() },
  { name: 'task of a series', path: seriesTaskPath, heading: SERIES_TITLE, ready: (page) => page.getByText(/^Next due: /).waitFor() },
  { name: 'task not found', path: (world) => `/axal/w/${world.workspaceId}/tasks/${randomUUID()}`, heading: 'Task not found' },
  {
    name: "the client page's tasks",
    path: (world) => `/axal/w/${world.workspaceId}/clients/${world.clientId}`,
    heading: CLIENT_NAME,
    ready: (page) => page.getByRole('link', { name: TASK_TITLE }).waitFor(),
  },
  {
    name: 'dashboard cards',
    path: (world) => `/axal/w/${world.workspaceId}/dashboard`,
    heading: 'Dashboard',
    ready: (page) => page.getByText('Total Tasks').waitFor(),
  },
  {
    name: 'new task, with the errors of an empty form',
    path: (world) => tasksPath(world),
    heading: 'Tasks',
    open: async (page) => {
      await button(page, 'New Task').click();
      const dialog = page.getByRole('dialog', { name: 'New Task' });
      await dialog.getByRole('button', { name: 'Create Task' }).click();
      await dialog.getByText('Title is required').waitFor();
      await dialog.getByLabel('Repeats').selectOption('MONTHLY');
      return dialog;
    },
  },
  {
    name: 'new recurring work with a preview',
    path: (world) => tasksPath(world),
    heading: 'Tasks',
    open: async (page) => {
      await button(page, 'New recurring work').click();
      const dialog = page.getByRole('dialog', { name: 'New recurring work' });
      await dialog.getByLabel('First due date').fill(isoDateIn(20));
      await dialog.getByRole('group', { name: 'Clients' }).getByText(CLIENT_NAME, { exact: true }).click();
      await dialog.getByText(/- first due /).waitFor();
      return dialog;
    },
  },
  {
    name: 'delete selected tasks',
    path: (world) => tasksPath(world),
    heading: 'Tasks',
    open: async (page) => {
      await page.getByRole('checkbox', { name: 'Select all tasks' }).check({ force: true });
      await button(page, 'Delete Selected').click();
      return page.getByRole('dialog', { name: 'Delete Selected Tasks' });
    },
  },
  {
    name: 'edit task',
    path: taskPath,
    heading: TASK_TITLE,
    open: async (page) => {
      await button(page, 'Edit').click();
      return page.getByRole('dialog', { name: 'Edit Task' });
    },
  },
  {
    name: 'edit a task of a series: this task or the series',
    path: seriesTaskPath,
    heading: SERIES_TITLE,
    open: async (page) => {
      await button(page, 'Edit').click();
      return page.getByRole('dialog', { name: 'Edit a repeating task' });
    },
  },
  {
    name: 'reassign task',
    path: taskPath,
    heading: TASK_TITLE,
    open: async (page) => {
      await button(page, 'Reassign').click();
      const dialog = page.getByRole('dialog', { name: 'Reassign Task' });
      await dialog.getByRole('radio').first().check();
      return dialog;
    },
  },
  {
    name: 'delete task',
    path: taskPath,
    heading: TASK_TITLE,
    open: async (page) => {
      await button(page, 'Delete').click();
      return page.getByRole('dialog', { name: 'Delete Task' });
    },
  },
  {
    name: 'stop repeating',
    path: seriesTaskPath,
    heading: SERIES_TITLE,
    open: async (page) => {
      await button(page, 'Stop repeating').click();
      return page.getByRole('alertdialog');
    },
  },
];

describe('browser: tasks accessibility (axe-core, WCAG 2.1 A and AA)', function () {
  this.timeout(60_000);
  const suite = browserSuite();
  const url = (path: string) => `${sharedHost().baseUrl}${path}`;
  let world: TasksWorld;

  before(async function () {
    this.timeout(120_000);
    world = await buildWorld(await openPage(suite.browser()));
  });

  after(async () => {
    await world?.close();
  });

  describe('every theme at every width', () => {
    const session = sharedSuitePage(suite.browser, () => world.cookies);

    for (const check of CHECKS) {
      it(check.name, async () => {
        await expectAccessibleInEveryTheme(session().page, {
          label: check.name,
          url: url(check.path(world)),
          ready: async (page) => {
            await settled(page, check.heading);
            await check.ready?.(page);
          },
          open: check.open,
        });
      });
    }
  });
});
