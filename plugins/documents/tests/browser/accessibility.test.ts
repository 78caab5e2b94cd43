import { randomBytes } from 'node:crypto';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import {
  browserSuite,
  expectAccessibleInEveryTheme,
  openPage,
  quietWorkspace,
  sharedHost,
  sharedSuitePage,
  signInBrowserContext,
  uniqueEmail,
  type BrowserSession,
  type SignedIn,
} from '../../../../core/plugin-api/testing';
import { DOCUMENTS_ROUTES, mimeTypeOf, type PresignResponse } from '../../shared/wire';

const CLIENT_NAME = 'Ramesh Kumar Iyer';
const FOLDER = 'GST-Returns';
const EMPTY_FOLDER = 'Notices-2026';
const ROOT_FILE = 'engagement-letter.pdf';
const FOLDER_FILE = 'gstr3b-march.pdf';

/** One workspace with a folder, an empty folder and two files, one of them the client's. */
interface DocumentsWorld {
  signedIn: SignedIn;
  cookies: Awaited<ReturnType<BrowserContext['cookies']>>;
  workspaceId: string;
  clientId: string;
  close(): Promise<void>;
}

/** Uploads as the browser would: presign, PUT straight to storage, register. */
async function upload(
  session: BrowserSession,
  signedIn: SignedIn,
  workspaceId: string,
  file: { name: string; directory: string; clientId?: string },
) {
  const bytes = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(2048)]);
  const presign = await session.context.request.get(`${sharedHost().baseUrl}/axal/api/v1/${DOCUMENTS_ROUTES.presign}`, {
    params: { workspaceId, filename: file.name, directory: file.directory, size: bytes.length },
  });
  if (!presign.ok()) throw new Error(`presign failed: ${presign.status()} ${await presign.text()}`);
  const { url, fileKey, requiredHeaders } = (await presign.json()) as PresignResponse;
  const put = await fetch(url, {
    method: 'PUT',
    headers: { ...requiredHeaders, 'Content-Type': mimeTypeOf(file.name) },
    body: new Uint8Array(bytes),
  });
  if (!put.ok) throw new Error(`upload to storage failed: ${put.status}`);
  await signedIn.api(`/${DOCUMENTS_ROUTES.create}`, {
    workspaceExternalId: workspaceId,
    fileKey,
    filename: file.name,
    size: bytes.length,
    directory: file.directory,
    ...(file.clientId ? { clientExternalId: file.clientId } : {}),
  });
}

async function buildWorld(session: BrowserSession): Promise<DocumentsWorld> {
  const signedIn = await signInBrowserContext(session.context, sharedHost().baseUrl, 'documents-a11y');
  const workspaceId = (await quietWorkspace(signedIn, 'Kapoor and Menon Associates')).externalId;
  const { client } = await signedIn.api<{ client: { externalId: string } }>('/clients', {
    workspaceExternalId: workspaceId,
    clientType: 'INDIVIDUAL',
    name: CLIENT_NAME,
    email: uniqueEmail('ramesh'),
    phone: '9845012345',
    panNumber: 'AAAPI1234K',
    residentialAddress: '7/3, Temple Street, Madurai - 625001',
    aadhaarNumber: '234567890123',
  });
  for (const path of [FOLDER, EMPTY_FOLDER]) await signedIn.api(`/${DOCUMENTS_ROUTES.createDirectory}`, { workspaceExternalId: workspaceId, path });
  await upload(session, signedIn, workspaceId, { name: ROOT_FILE, directory: '', clientId: client.externalId });
  await upload(session, signedIn, workspaceId, { name: FOLDER_FILE, directory: FOLDER });
  return { signedIn, cookies: await session.context.cookies(), workspaceId, clientId: client.externalId, close: () => session.close() };
}

const documentsPath = (world: DocumentsWorld, folder?: string) =>
  `/axal/w/${world.workspaceId}/documents${folder ? `?path=${encodeURIComponent(folder)}` : ''}`;
const clientPath = (world: DocumentsWorld) => `/axal/w/${world.workspaceId}/clients/${world.clientId}`;

/** Waits until the page shows its heading and nothing on it is still loading. */
async function settled(page: Page, heading: string): Promise<void> {
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  await page.waitForFunction(() => !document.querySelector('.bp6-skeleton, .bp6-spinner'));
}

/** The client page's section drawn by this plugin. */
const clientSection = (page: Page) => page.locator('.bp6-section').filter({ has: page.getByRole('heading', { level: 2, name: 'Documents' }) });

/** A row's own button; on a narrow screen it may sit in the row's details, opened first. */
async function rowButton(page: Page, name: string, row: string): Promise<Locator> {
  const button = page.getByRole('button', { name });
  if (!(await button.isVisible())) await page.getByRole('button', { name: `Details of ${row}` }).click();
  return button;
}

interface Check {
  name: string;
  path: (world: DocumentsWorld) => string;
  heading: string;
  /** Opens a dialog and answers it; without it the page itself is checked. */
  open?: (page: Page) => Promise<Locator>;
}

const CHECKS: Check[] = [
  { name: 'documents: the home folder', path: (world) => documentsPath(world), heading: 'Documents' },
  { name: 'documents: a folder', path: (world) => documentsPath(world, FOLDER), heading: 'Documents' },
  { name: 'documents: an empty folder', path: (world) => documentsPath(world, EMPTY_FOLDER), heading: 'Documents' },
  { name: 'documents: a folder that does not exist', path: (world) => documentsPath(world, 'No-Such-Folder'), heading: 'Documents' },
  { name: "the client page's documents", path: clientPath, heading: CLIENT_NAME },
  {
    name: 'new folder',
    path: (world) => documentsPath(world),
    heading: 'Documents',
    open: async (page) => {
      await page.getByRole('button', { name: 'New Folder' }).click();
      return page.getByRole('dialog', { name: 'New Folder' });
    },
  },
  {
    name: 'new folder with an error',
    path: (world) => documentsPath(world),
    heading: 'Documents',
    open: async (page) => {
      await page.getByRole('button', { name: 'New Folder' }).click();
      const dialog = page.getByRole('dialog', { name: 'New Folder' });
      await dialog.getByRole('textbox', { name: 'New folder' }).fill('GST returns!');
      await dialog.getByRole('button', { name: 'Create' }).click();
      await dialog.locator('[aria-invalid="true"]').waitFor();
      return dialog;
    },
  },
  {
    name: 'upload documents',
    path: (world) => documentsPath(world),
    heading: 'Documents',
    open: async (page) => {
      await page.getByRole('button', { name: 'Upload Documents' }).click();
      const dialog = page.getByRole('dialog', { name: 'Upload Documents' });
      await dialog.getByRole('progressbar', { name: 'Storage used' }).waitFor();
      return dialog;
    },
  },
  {
    name: 'upload documents with files chosen',
    path: (world) => documentsPath(world),
    heading: 'Documents',
    open: async (page) => {
      await page.getByRole('button', { name: 'Upload Documents' }).click();
      const dialog = page.getByRole('dialog', { name: 'Upload Documents' });
      await dialog.getByRole('progressbar', { name: 'Storage used' }).waitFor();
      await dialog.locator('input[type="file"]').setInputFiles([
        { name: 'form-16.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n') },
        { name: 'ledger.csv', mimeType: 'text/csv', buffer: Buffer.from('date,amount\n') },
      ]);
      await dialog.getByText('form-16.pdf').waitFor();
      return dialog;
    },
  },
  {
    name: 'upload documents, a file refused',
    path: (world) => documentsPath(world),
    heading: 'Documents',
    open: async (page) => {
      await page.getByRole('button', { name: 'Upload Documents' }).click();
      const dialog = page.getByRole('dialog', { name: 'Upload Documents' });
      await dialog.getByRole('progressbar', { name: 'Storage used' }).waitFor();
      await dialog
        .locator('input[type="file"]')
        .setInputFiles([{ name: 'setup.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') }]);
      await dialog.getByText('Upload Error').waitFor();
      return dialog;
    },
  },
  {
    name: 'upgrade storage',
    path: (world) => documentsPath(world),
    heading: 'Documents',
    open: async (page) => {
      await page.getByRole('button', { name: 'Upgrade Storage' }).click();
      return page.getByRole('dialog', { name: /Upgrade Storage/ });
    },
  },
  {
    name: 'assign a client',
    path: (world) => documentsPath(world),
    heading: 'Documents',
    open: async (page) => {
      await (await rowButton(page, `Assign client to ${ROOT_FILE}`, ROOT_FILE)).click();
      return page.getByRole('dialog', { name: 'Assign Client to Folder or File' });
    },
  },
  {
    name: 'delete documents',
    path: (world) => documentsPath(world),
    heading: 'Documents',
    open: async (page) => {
      // Blueprint draws its checkbox's indicator over the input.
      await page.getByRole('checkbox', { name: `Select ${FOLDER}` }).check({ force: true });
      await page.getByRole('button', { name: 'Delete Documents' }).click();
      return page.getByRole('dialog', { name: 'Delete Selected Documents' });
    },
  },
  {
    name: "upload from the client's page",
    path: clientPath,
    heading: CLIENT_NAME,
    open: async (page) => {
      await clientSection(page).getByRole('button', { name: 'Upload Document' }).click();
      const dialog = page.getByRole('dialog', { name: 'Upload Documents' });
      await dialog.getByRole('progressbar', { name: 'Storage used' }).waitFor();
      return dialog;
    },
  },
  {
    name: "delete from the client's page",
    path: clientPath,
    heading: CLIENT_NAME,
    open: async (page) => {
      await (await rowButton(page, `Delete ${ROOT_FILE}`, ROOT_FILE)).click();
      return page.getByRole('alertdialog');
    },
  },
];

describe('browser: documents accessibility (axe-core, WCAG 2.1 A and AA)', function () {
  this.timeout(60_000);
  const suite = browserSuite();
  const url = (path: string) => `${sharedHost().baseUrl}${path}`;
  let world: DocumentsWorld;

  before(async () => {
    world = await buildWorld(await openPage(suite.browser()));
  });

  after(async () => {
    await world?.close();
  });

  // Each page is loaded once and checked in every theme at every width by switching the system theme and resizing; a
  // dialog opened at the first width stays open through both, as it would for a user turning a tablet.
  describe('every theme', () => {
    const session = sharedSuitePage(suite.browser, () => world.cookies);

    for (const check of CHECKS) {
      it(check.name, async () => {
        await expectAccessibleInEveryTheme(session().page, {
          label: check.name,
          url: url(check.path(world)),
          ready: async (page) => {
            await settled(page, check.heading);
            if (!check.open && check.path === clientPath) await clientSection(page).getByText(ROOT_FILE).first().waitFor();
          },
          open: check.open,
        });
      });
    }
  });
});
