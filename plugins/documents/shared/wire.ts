import { formatFileSize } from '../../../core/plugin-api/web/file-size';

/**
 * The documents plugin as it crosses the wire (spec 3 sections 3, 5, 6, 7, 9; spec 2 section 7): one definition
 * for the server and the web remote. No Node-only APIs here.
 *
 * Every path below is relative to `{app}/api/v1/`. Every call names its workspace by external id in the query
 * (`workspaceId`) or the body (`workspaceId` / `workspaceExternalId`). Errors are `{ error, details? }`.
 *
 * Paths of folders: segments joined by "/", no leading or trailing slash; the root is "" (shown as Root /
 * 'Home Directory'). A file's `path` is its folder's path joined with its name; files are identified by
 * `fileInfo.id` (two files of one folder may share a name), folders by `path`.
 */

export const DOCUMENTS_ROUTES = {
  tree: 'documents/tree',
  list: 'documents/list',
  stats: 'documents/stats',
  directories: 'documents/directories',
  createDirectory: 'documents/directories/create',
  presign: 'documents/presign',
  create: 'documents/create',
  storage: 'documents/storage',
  updateStorage: 'documents/storage/update',
  info: 'documents/info',
  /** Followed by `/{encodeURIComponent(fileKey)}` or `/{document id}`; answers 302 to a short-lived read-only URL. */
  download: 'documents/download',
  /** DELETE with a JSON body. */
  remove: 'documents',
  assignClient: 'documents/assign-client',
} as const;

// ---- Constants (spec 3 section 9) ----

/** 5 MB: the per-file maximum when no plan limit applies (also the client's fallback when storage info is absent). */
export const DEFAULT_MAX_FILE_SIZE = 5_242_880;
/** 1 GB: a workspace's storage limit unless configured otherwise or upgraded. */
export const DEFAULT_STORAGE_LIMIT = 1_073_741_824;
export const TREE_CACHE_MS = 60_000;
export const TREE_REFETCH_DEBOUNCE_MS = 300;
export const TREE_PLACEHOLDER_ROWS = 5;
/** The presigned upload URL is valid this long; the browser starts its PUT right away. */
export const UPLOAD_URL_TTL_SECONDS = 5 * 60;
/** The PUT to the presigned URL must carry this header (Azure Blob Storage). Success is 201 (some stores answer 200). */
export const UPLOAD_REQUIRED_HEADERS = { 'x-ms-blob-type': 'BlockBlob' } as const;

// ---- Accepted file types (spec 3 section 5): looked up by extension, default application/octet-stream ----

export const ACCEPTED_FILE_TYPES: Readonly<Record<string, string>> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  jpeg: 'image/jpeg',
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  txt: 'text/plain',
  csv: 'text/csv',
  md: 'text/markdown',
  markdown: 'text/markdown',
  zip: 'application/zip',
  json: 'application/json',
  xml: 'application/xml',
};

export const DEFAULT_MIME_TYPE = 'application/octet-stream';

/** For an `<input accept>`: ".pdf,.doc,...". */
export const ACCEPT_ATTRIBUTE = Object.keys(ACCEPTED_FILE_TYPES)
  .map((extension) => `.${extension}`)
  .join(',');

export function extensionOf(filename: string): string {
  const dot = filename.lastIndexOf('.');
  return dot > 0 && dot < filename.length - 1 ? filename.slice(dot + 1).toLowerCase() : '';
}

export function isAcceptedFileName(filename: string): boolean {
  return extensionOf(filename) in ACCEPTED_FILE_TYPES;
}

export function mimeTypeOf(filename: string): string {
  return ACCEPTED_FILE_TYPES[extensionOf(filename)] ?? DEFAULT_MIME_TYPE;
}

/** The `type` of the documents' global search hits; the web part's search result renderers draw each. */
export const DOCUMENT_SEARCH_HIT_TYPES = { file: 'document', folder: 'document-folder' } as const;

// ---- Messages (spec 3 sections 5, 6, 8) ----

export const MESSAGES = {
  invalidFileTypes: (names: readonly string[]) => `Invalid file type(s): ${names.join(', ')}`,
  folderNameRule: 'Folder name can only contain letters, numbers, dashes, and underscores',
  invalidFolderName: 'Invalid folder name',
  notEnoughStorage: (requiredBytes: number, availableBytes: number) =>
    `Not enough storage space. Required: ${formatFileSize(requiredBytes)}, Available: ${formatFileSize(availableBytes)}`,
  storageLimitReached: 'Storage Limit Reached',
  upgradePlan: 'Please upgrade your plan for more storage.',
  fileTooLarge: (name: string, maxBytes: number) => `${name} is larger than the maximum file size of ${formatFileSize(maxBytes)}`,
  directoryForbidden: "You don't have permission to access this directory",
  invalidDocumentData: 'Invalid document data',
  directoryNotFound: 'Directory not found',
  documentNotFound: 'Document not found',
  clientNotFound: 'Client not found',
  noValidNodes: 'No valid nodes selected for deletion',
  filenameRequired: 'Filename is required',
  invalidFilename: 'Filename must not contain slashes or control characters',
  sizeRequired: 'File size must be a whole number of bytes',
  additionalStorage: 'Additional storage must be a positive whole number of bytes',
  deleteForbidden: 'Only workspace owners and admins can delete documents',
  nodeType: "Type must be 'file' or 'directory'",
} as const;

// ---- Shared validation ----

const FOLDER_CHARACTERS = /^[A-Za-z0-9_\-/]*$/;
export const MAX_FOLDER_PATH_LENGTH = 500;
export const MAX_FOLDER_DEPTH = 20;
export const MAX_FILENAME_LENGTH = 255;

/** The folder-name rule: letters, digits, dashes, underscores, and slashes between segments. "" is the root. */
export function folderPathProblem(path: string): string | null {
  if (!FOLDER_CHARACTERS.test(path)) return MESSAGES.folderNameRule;
  if (path === '') return null;
  const segments = path.split('/');
  if (path.length > MAX_FOLDER_PATH_LENGTH || segments.length > MAX_FOLDER_DEPTH || segments.some((segment) => segment === '')) {
    return MESSAGES.invalidFolderName;
  }
  return null;
}

// ---- Tree (GET documents/tree) ----

export interface ClientRef {
  externalId: string;
  name: string;
}

export interface FileInfo {
  /** The document's id (external id). */
  id: string;
  fileKey: string;
  mimeType: string;
  /** Absolute path on this origin, including the app prefix; answers 302 to the file. Open it in a new tab. */
  downloadUrl: string;
  client: ClientRef | null;
}

interface NodeBase {
  name: string;
  path: string;
  /** Bytes; a folder's is the total of the files beneath it that the member may see. */
  size: number;
  /** ISO 8601; a folder's is the newest of its own change and the files beneath it. */
  lastModified: string;
}

export interface FileNode extends NodeBase {
  type: 'file';
  fileInfo: FileInfo;
}

export interface FolderNode extends NodeBase {
  type: 'directory';
  /** The client the folder is assigned to, if any (zero or one entry). */
  clients: ClientRef[];
  /** Folders first (by name), then files (by name). Empty below the requested depth: see `childCount`. */
  children: DirectoryNode[];
  /** How many direct children the member may see, loaded or not. */
  childCount: number;
}

/** Spec 3 "Directory node". */
export type DirectoryNode = FileNode | FolderNode;

/**
 * Query: workspaceId, path (optional, "" = root), depth (optional, default 1: the folder and its direct children).
 * 404 'Directory not found' for a folder that does not exist; 403 `MESSAGES.directoryForbidden` for one the member
 * may not see. The root is named "Root".
 */

export interface DocumentTreeResponse {
  tree: FolderNode;
}

// ---- Documents ----

/** Spec 3 "Document list item" plus where it lives. `type` is the MIME type. */
export interface DocumentDto {
  id: string;
  fileKey: string;
  name: string;
  type: string;
  /** ISO 8601. */
  uploadDate: string;
  size: number;
  directory: string;
  client: ClientRef | null;
  downloadUrl: string;
}

/**
 * GET documents/list. Query: workspaceId, clientExternalId (optional: only documents assigned to that client — the
 * client page's Documents section), limit (default 100, at most 1000), offset. Newest first. `total` counts all matches.
 */

export interface DocumentListResponse {
  documents: DocumentDto[];
  total: number;
}

/** GET documents/stats. Query: workspaceId. For the dashboard's "Total Documents" figure (what the member may see). */
export interface DocumentStatsResponse {
  totalDocuments: number;
}

/** GET documents/info. Query: workspaceId, documentId. 404 'Document not found'. */
export interface DocumentInfoResponse {
  document: DocumentDto;
}

// ---- Folders ----

export interface DirectoryEntry {
  path: string;
  segments: string[];
  clients: ClientRef[];
}

/**
 * GET documents/directories. Query: workspaceId, clientExternalId (optional: the folders assigned to that client,
 * their sub-folders, and the folders above them). `children` maps a folder path ("" = root) to the paths of its
 * direct sub-folders, sorted by name.
 */
export interface DirectoriesResponse {
  directories: DirectoryEntry[];
  children: Record<string, string[]>;
}

/**
 * POST documents/directories/create (permission `upload`). Creates the folder and any missing parent; an existing
 * folder is not an error (`created: false`). `clientId` (client external id, optional) assigns the new folder.
 */
export interface CreateDirectoryResponse {
  path: string;
  created: boolean;
}

// ---- Upload: presign -> PUT -> create ----

/**
 * GET documents/presign (permission `upload`). Query: workspaceId, filename, directory, size (bytes), mimeType and
 * clientId optional. Checks, in order: type ('Invalid file type(s): {name}', 400), size (413 `MESSAGES.fileTooLarge`),
 * remaining storage (413 'Storage Limit Reached' when none is left, else 'Not enough storage space. Required: X,
 * Available: Y'). Then PUT the bytes to `url` with `requiredHeaders` and the file's Content-Type.
 */

export interface PresignResponse {
  url: string;
  fileKey: string;
  /** ISO 8601. */
  expiresAt: string;
  requiredHeaders: typeof UPLOAD_REQUIRED_HEADERS;
}

/**
 * POST documents/create (permission `upload`), after the PUT. The server checks the blob exists in this workspace and
 * its size equals `size` (422 'Invalid document data' otherwise), then re-checks the quota under a per-workspace lock
 * (413 as for presign: of two uploads racing for the last free space exactly one is registered). The MIME type stored
 * is the one of the extension. Usage is computed from the documents: do NOT call storage/update after an upload.
 */
export interface CreateDocumentResponse {
  document: DocumentDto;
}

// ---- Storage ----

/** GET documents/storage (permission `view_storage`). Bytes. */
export interface StorageInfo {
  maxFileSize: number;
  usedStorage: number;
  storageLimit: number;
  remainingStorage: number;
}

/**
 * POST documents/storage/update (permission `manage_storage`): the Upgrade Storage action. Raises the workspace's
 * storage limit by `additionalStorage` bytes; answers the new StorageInfo.
 */

// ---- Delete ----

/**
 * DELETE documents (permission `delete_documents`, else 403 'Only workspace owners and admins can delete documents').
 * Folders go with everything beneath them. One transaction: records go at once, the stored files are removed by a
 * background job that retries. 404 'Document not found' / 'Directory not found' when a node does not exist.
 */
export interface DeleteDocumentsResponse {
  ok: true;
  deletedDocuments: number;
  deletedDirectories: number;
}

// ---- Assign client ----

/**
 * POST documents/assign-client (permission `assign_client`). `clientId` is the client's external id; null removes
 * the assignment. `fileId` (the document id) is required for files.
 */
export interface AssignClientResponse {
  ok: true;
}

export { formatFileSize };
