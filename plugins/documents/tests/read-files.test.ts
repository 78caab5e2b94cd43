import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { ATTACHMENT_SERVICE, type AttachmentService, type AttachmentTarget } from '../server/tokens';
import { HOST_START_TIMEOUT_MS, startDocumentsHost, storageOf, upload, type TestHost, type TestSession } from './support';

const PDF = 'application/pdf';

describe('documents: reading the files of an entity on the server', () => {
  let documents: TestHost;
  let owner: TestSession;
  let workspaceId: string;
  let internalId: number;

  before(async function () {
    this.timeout(HOST_START_TIMEOUT_MS);
    documents = await startDocumentsHost();
    owner = await documents.signedInUser('docs-read-files');
    workspaceId = (await documents.createWorkspace(owner)).externalId;
    internalId = await documents.internalIdOf(workspaceId);
  });

  after(() => documents?.stop());

  const attachments = () => documents.host.container.get<AttachmentService>(ATTACHMENT_SERVICE);
  const noticeTarget = (): AttachmentTarget => ({ workspaceId: internalId, entityType: 'NOTICE', entityId: randomUUID() });

  async function attach(target: AttachmentTarget, filename: string, body: Buffer) {
    const document = await upload(owner, workspaceId, filename, { body });
    await attachments().link(target, document.id, null);
    return document;
  }

  it('reads the files of the types asked for, oldest first, with their bodies', async () => {
    const target = noticeTarget();
    await attach(target, 'notice.pdf', Buffer.from('%PDF-1.7 the notice'));
    await attach(target, 'working.csv', Buffer.from('Month,ITC\n'));
    await attach(target, 'annexure.pdf', Buffer.from('%PDF-1.7 the annexure'));
    const files = await attachments().readFiles(target, { mimeTypes: [PDF], maxBytes: 1024, maxFiles: 5 });
    expect(files.map(({ filename, mimeType, body }) => ({ filename, mimeType, body: body?.toString() }))).to.deep.equal([
      { filename: 'notice.pdf', mimeType: PDF, body: '%PDF-1.7 the notice' },
      { filename: 'annexure.pdf', mimeType: PDF, body: '%PDF-1.7 the annexure' },
    ]);
    expect(await attachments().readFiles(target, { mimeTypes: [], maxBytes: 1024, maxFiles: 5 })).to.deep.equal([]);
    expect(await attachments().readFiles({ ...target, entityType: 'TASK' }, { mimeTypes: [PDF], maxBytes: 1024, maxFiles: 5 })).to.deep.equal([]);
  });

  it('names without reading a file too large, one beyond the count, and one missing from storage', async () => {
    const target = noticeTarget();
    await attach(target, 'large.pdf', Buffer.alloc(2048, 'x'));
    const gone = await attach(target, 'gone.pdf', Buffer.from('%PDF-1.7 gone'));
    await attach(target, 'second.pdf', Buffer.from('%PDF-1.7 second'));
    await attach(target, 'third.pdf', Buffer.from('%PDF-1.7 third'));
    await storageOf(documents).delete(gone.fileKey);

    const files = await attachments().readFiles(target, { mimeTypes: [PDF], maxBytes: 1024, maxFiles: 2 });
    expect(files.map((file) => [file.filename, file.body ? 'read' : file.notRead])).to.deep.equal([
      ['large.pdf', 'too-large'],
      ['gone.pdf', 'unavailable'],
      ['second.pdf', 'read'],
      ['third.pdf', 'beyond-count'],
    ]);
    expect(files[0]).to.include({ size: 2048, body: null });
  });

  it("never reads another workspace's attachments", async () => {
    const target = noticeTarget();
    await attach(target, 'ours.pdf', Buffer.from('%PDF-1.7 ours'));
    const otherWorkspace = await documents.internalIdOf((await documents.createWorkspace(owner)).externalId);
    expect(
      await attachments().readFiles({ ...target, workspaceId: otherWorkspace }, { mimeTypes: [PDF], maxBytes: 1024, maxFiles: 5 }),
    ).to.deep.equal([]);
  });
});
