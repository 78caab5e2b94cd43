import { expect } from 'chai';
import { DOCUMENT_SEARCH_HIT_TYPES } from '../shared/wire';
import { call, createClient, HOST_START_TIMEOUT_MS, makeFolder, startDocumentsHost, upload, type TestHost, type TestSession } from './support';

interface Hit {
  type: string;
  id: string;
  title: string;
  subtitle?: string;
  url: string;
}

const DOCUMENT_TYPES: string[] = Object.values(DOCUMENT_SEARCH_HIT_TYPES);

describe('documents: global search', () => {
  let documents: TestHost;
  let owner: TestSession;
  let clientMember: TestSession;
  let workspaceId: string;
  let returnId: string;

  const documentHits = async (session: TestSession, q: string): Promise<Hit[]> => {
    const { body } = await call(session, 'get', '/search').query({ workspaceId, q }).expect(200);
    expect(body.incomplete).to.deep.equal([]);
    return (body.results as Hit[]).filter((hit) => DOCUMENT_TYPES.includes(hit.type));
  };

  before(async function () {
    this.timeout(HOST_START_TIMEOUT_MS);
    documents = await startDocumentsHost();
    owner = await documents.signedInUser('docs-search');
    workspaceId = (await documents.createWorkspace(owner)).externalId;
    const ownClient = await createClient(owner, workspaceId, { name: 'Own Client' });
    const otherClient = await createClient(owner, workspaceId, { name: 'Other Client' });
    clientMember = await documents.memberWithRole(owner, workspaceId, 'CLIENT', { clientIds: [ownClient.externalId] });
    await makeFolder(owner, workspaceId, 'Clients/Own-Returns', ownClient.externalId);
    await makeFolder(owner, workspaceId, 'Clients/Other-Returns', otherClient.externalId);
    returnId = (await upload(owner, workspaceId, 'Return_FY2025.pdf', { directory: 'Clients/Own-Returns' })).id;
    await upload(owner, workspaceId, 'Return_FY2025_other.pdf', { directory: 'Clients/Other-Returns' });
    await upload(owner, workspaceId, '100%_done.txt');
  });

  after(() => documents?.stop());

  it('finds files and folders by any part of their name, in any case, each opening its folder in the documents page', async () => {
    const hits = await documentHits(owner, 'return');
    const files = hits.filter((hit) => hit.type === 'document');
    expect(files.map((hit) => hit.title)).to.deep.equal(['Return_FY2025.pdf', 'Return_FY2025_other.pdf']);
    expect(files[0]).to.deep.equal({
      type: 'document',
      id: returnId,
      title: 'Return_FY2025.pdf',
      subtitle: 'In Clients/Own-Returns',
      url: `/w/${workspaceId}/documents?path=Clients%2FOwn-Returns`,
    });
    const folders = hits.filter((hit) => hit.type === 'document-folder');
    expect(folders).to.deep.equal([
      {
        type: 'document-folder',
        id: 'Clients/Other-Returns',
        title: 'Other-Returns',
        subtitle: 'In Clients',
        url: `/w/${workspaceId}/documents?path=Clients%2FOther-Returns`,
      },
      {
        type: 'document-folder',
        id: 'Clients/Own-Returns',
        title: 'Own-Returns',
        subtitle: 'In Clients',
        url: `/w/${workspaceId}/documents?path=Clients%2FOwn-Returns`,
      },
    ]);
  });

  it('takes the wildcards of a term literally, and opens a file at the root in the documents page itself', async () => {
    const [rootFile] = await documentHits(owner, '100%');
    expect(rootFile).to.include({ type: 'document', title: '100%_done.txt', subtitle: 'In Documents', url: `/w/${workspaceId}/documents` });
    // As wildcards, "_" would match the "n" of "Return" and "%" anything.
    expect(await documentHits(owner, 'retur_')).to.deep.equal([]);
    expect(await documentHits(owner, 'ret%pdf')).to.deep.equal([]);
    expect((await documentHits(owner, 'n_FY')).map((hit) => hit.title)).to.deep.equal(['Return_FY2025.pdf', 'Return_FY2025_other.pdf']);
  });

  it("shows a CLIENT member only what is theirs: their client's folder and files, and the folders on the way to them", async () => {
    const hits = await documentHits(clientMember, 'return');
    expect(hits.map((hit) => `${hit.type}:${hit.title}`)).to.deep.equal(['document:Return_FY2025.pdf', 'document-folder:Own-Returns']);
    expect((await documentHits(clientMember, 'clients')).map((hit) => hit.id)).to.deep.equal(['Clients']);
    expect(await documentHits(clientMember, '100%')).to.deep.equal([]);
  });

  it('answers nothing from a workspace where the plugin is off', async () => {
    await call(owner, 'put', `/workspaces/${workspaceId}/plugins/documents`, { enabled: false }).expect(200);
    try {
      expect(await documentHits(owner, 'return')).to.deep.equal([]);
    } finally {
      await call(owner, 'put', `/workspaces/${workspaceId}/plugins/documents`, { enabled: true }).expect(200);
    }
  });
});
