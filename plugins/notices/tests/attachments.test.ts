import { expect } from 'chai';
import type { AttachmentView } from '../../documents/server/tokens';
import { NOTICE_MESSAGES, NOTICES_ROUTES } from '../shared/wire';
import {
  actionsOf,
  call,
  createClient,
  createNotice,
  del,
  get,
  post,
  randomLetters,
  useNoticesWorld,
  workspaceWithClient,
  type TestSession,
} from './support';

/**
 * A PDF uploaded as the web's attachment dialog does it, through the documents plugin's routes (a plugin's tests reach
 * another plugin only over HTTP): presign, PUT to storage, register. Answers the document's id.
 */
async function uploadDocument(
  session: TestSession,
  workspaceId: string,
  filename: string,
  directory: string,
  clientExternalId?: string,
): Promise<string> {
  const body = `%PDF-1.4\n${randomLetters(12)}`;
  const file = { filename, size: body.length, directory, mimeType: 'application/pdf' };
  const presigned = await call(session, 'get', '/documents/presign')
    .query({ workspaceId, ...file })
    .expect(200);
  const stored = await fetch(presigned.body.url, { method: 'PUT', headers: { 'x-ms-blob-type': 'BlockBlob', 'Content-Type': file.mimeType }, body });
  expect(stored.status).to.equal(201);
  const created = await post(session, 'documents/create', {
    workspaceExternalId: workspaceId,
    fileKey: presigned.body.fileKey,
    clientExternalId,
    ...file,
  }).expect(201);
  return created.body.document.id;
}

describe('notices: attachments through the documents plugin', () => {
  const world = useNoticesWorld('attachments-owner');

  const attachmentsOf = async (session: TestSession, noticeId: string): Promise<AttachmentView[]> =>
    (await get(session, NOTICES_ROUTES.attachments(noticeId), { workspaceId: world.workspaceId }).expect(200)).body.data;
  const attach = (session: TestSession, noticeId: string, documentId?: string) =>
    post(session, NOTICES_ROUTES.attachments(noticeId), { workspaceId: world.workspaceId, documentId });

  it('links an uploaded document, lists it with a working download link, and unlinks it', async () => {
    const { host, owner, workspaceId, client } = world;
    const notice = await createNotice(owner, workspaceId, client.externalId);
    const employee = await host.memberWithRole(owner, workspaceId, 'EMPLOYEE');
    const documentId = await uploadDocument(employee, workspaceId, 'notice.pdf', `notices/${notice.externalId}`);
    const attachment: AttachmentView = (await attach(employee, notice.externalId, documentId).expect(201)).body.data;
    expect(attachment).to.include({ entityType: 'NOTICE', entityId: notice.externalId });
    expect(attachment.document).to.include({ id: documentId, filename: 'notice.pdf' });
    // The same document again: the same link, and no second history entry.
    expect((await attach(employee, notice.externalId, documentId).expect(201)).body.data.id).to.equal(attachment.id);

    const listed = await attachmentsOf(owner, notice.externalId);
    expect(listed.map((item) => item.id)).to.deep.equal([attachment.id]);
    const download = await owner.agent.get(listed[0]!.document.downloadUrl).redirects(0);
    expect(download.status).to.equal(302);

    await del(employee, NOTICES_ROUTES.attachment(notice.externalId, attachment.id), { workspaceId }).expect(204);
    expect(await attachmentsOf(owner, notice.externalId)).to.deep.equal([]);
    const actions = await actionsOf(owner, workspaceId, notice.externalId);
    expect(actions.filter((action) => action.startsWith('Attachment'))).to.deep.equal([
      'Attachment removed: notice.pdf',
      'Attachment added: notice.pdf',
    ]);
    await get(owner, 'documents/info', { workspaceId, documentId }).expect(200);
  });

  it("refuses a missing document, another workspace's document or notice, and an attachment of another notice", async () => {
    const { host, owner, workspaceId, client } = world;
    const [notice, other] = await Promise.all([
      createNotice(owner, workspaceId, client.externalId),
      createNotice(owner, workspaceId, client.externalId),
    ]);
    const missing = await attach(owner, notice.externalId).expect(400);
    expect(missing.body.error).to.equal(NOTICE_MESSAGES.documentRequired);

    const foreign = await workspaceWithClient(host, 'attachments-foreign');
    const foreignDocument = await uploadDocument(foreign.owner, foreign.workspaceId, 'theirs.pdf', '');
    await attach(owner, notice.externalId, foreignDocument).expect(404, { error: 'Document not found' });
    const theirNotice = await createNotice(foreign.owner, foreign.workspaceId, foreign.client.externalId);
    const documentId = await uploadDocument(owner, workspaceId, 'ours.pdf', '');
    const notFound = { error: NOTICE_MESSAGES.noticeNotFound };
    await attach(owner, theirNotice.externalId, documentId).expect(404, notFound);
    await get(owner, NOTICES_ROUTES.attachments(theirNotice.externalId), { workspaceId }).expect(404, notFound);

    const attached: AttachmentView = (await attach(owner, notice.externalId, documentId).expect(201)).body.data;
    await del(owner, NOTICES_ROUTES.attachment(other.externalId, attached.id), { workspaceId }).expect(404, { error: 'Attachment not found' });
    await del(owner, NOTICES_ROUTES.attachment(notice.externalId, 'nope'), { workspaceId }).expect(404, { error: 'Attachment not found' });
    expect(await attachmentsOf(owner, notice.externalId)).to.have.length(1);
  });

  it("shows a CLIENT member their own clients' notice attachments alone, only the files they may open, and lets them change none", async () => {
    const { host, owner, workspaceId, client } = world;
    const otherClient = await createClient(owner, workspaceId);
    const clientMember = await host.memberWithRole(owner, workspaceId, 'CLIENT', { clientIds: [client.externalId] });
    const [theirs, notTheirs] = await Promise.all([
      createNotice(owner, workspaceId, client.externalId),
      createNotice(owner, workspaceId, otherClient.externalId),
    ]);
    const documentId = await uploadDocument(owner, workspaceId, 'order.pdf', '', client.externalId);
    const workingPaper = await uploadDocument(owner, workspaceId, 'working-paper.pdf', '');
    for (const notice of [theirs, notTheirs]) await attach(owner, notice.externalId, documentId).expect(201);
    await attach(owner, theirs.externalId, workingPaper).expect(201);

    const seen = await attachmentsOf(clientMember, theirs.externalId);
    expect(seen.map((attachment) => attachment.document.filename)).to.deep.equal(['order.pdf']);
    expect(await attachmentsOf(owner, theirs.externalId)).to.have.length(2);
    await get(clientMember, NOTICES_ROUTES.attachments(notTheirs.externalId), { workspaceId }).expect(404, { error: NOTICE_MESSAGES.noticeNotFound });
    const forbidden = { error: NOTICE_MESSAGES.forbiddenEdit };
    await attach(clientMember, theirs.externalId, documentId).expect(403, forbidden);
    await del(clientMember, NOTICES_ROUTES.attachment(theirs.externalId, seen[0]!.id), { workspaceId }).expect(403, forbidden);
  });

  it('answers 404 with the core message while the documents plugin is off, and keeps the links', async () => {
    const { owner, workspaceId, client } = world;
    const notice = await createNotice(owner, workspaceId, client.externalId);
    const documentId = await uploadDocument(owner, workspaceId, 'kept.pdf', '');
    const attached: AttachmentView = (await attach(owner, notice.externalId, documentId).expect(201)).body.data;
    await call(owner, 'put', `/workspaces/${workspaceId}/plugins/documents`, { enabled: false }).expect(200);
    try {
      const off = { error: 'The Documents plugin is not enabled for this workspace' };
      await get(owner, NOTICES_ROUTES.attachments(notice.externalId), { workspaceId }).expect(404, off);
      await attach(owner, notice.externalId, documentId).expect(404, off);
      await del(owner, NOTICES_ROUTES.attachment(notice.externalId, attached.id), { workspaceId }).expect(404, off);
      await get(owner, NOTICES_ROUTES.notice(notice.externalId), { workspaceId }).expect(200);
    } finally {
      await call(owner, 'put', `/workspaces/${workspaceId}/plugins/documents`, { enabled: true }).expect(200);
    }
    expect(await attachmentsOf(owner, notice.externalId)).to.have.length(1);
  });
});
