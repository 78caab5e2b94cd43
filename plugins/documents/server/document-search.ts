import { searchPoint, type MemberContext, type SearchHit } from '../../../core/plugin-api';
import { DOCUMENT_SEARCH_HIT_TYPES } from '../shared/wire';
import { DocumentService, type Viewer } from './document-service';
import { nameOf, parentOf, ROOT } from './folder-tree';

const viewerOf = (context: MemberContext): Viewer => ({
  membership: { workspace: context.workspace, role: context.member.role },
  user: { id: context.member.userId },
});

/** The documents page opened at a folder, as its `?path=` keeps it. */
const folderUrl = (context: MemberContext, path: string) =>
  `/w/${context.workspace.externalId}/documents${path === ROOT ? '' : `?${new URLSearchParams({ path })}`}`;

/** Where a file or folder sits, for the hit's second line. */
const locationOf = (folder: string) => (folder === ROOT ? 'In Documents' : `In ${folder}`);

async function searchFiles(term: string, context: MemberContext, limit: number): Promise<SearchHit[]> {
  const documents = await context.container.get(DocumentService).documentsNamed(viewerOf(context), term, limit);
  // A file opens in its folder, where it is listed with its download link.
  return documents.map((document) => ({
    type: DOCUMENT_SEARCH_HIT_TYPES.file,
    id: document.externalId,
    title: document.filename,
    subtitle: locationOf(document.directory),
    url: folderUrl(context, document.directory),
  }));
}

async function searchFolders(term: string, context: MemberContext, limit: number): Promise<SearchHit[]> {
  const folders = await context.container.get(DocumentService).foldersNamed(viewerOf(context), term, limit);
  return folders.map((path) => ({
    type: DOCUMENT_SEARCH_HIT_TYPES.folder,
    id: path,
    title: nameOf(path),
    subtitle: locationOf(parentOf(path)),
    url: folderUrl(context, path),
  }));
}

/** Files and folders by name, each what the asking member sees in the documents browser (a CLIENT member: their share). */
export const documentSearchContributions = [
  searchPoint.contribute({ id: 'documents', search: searchFiles }),
  searchPoint.contribute({ id: 'documentFolders', search: searchFolders }),
];
