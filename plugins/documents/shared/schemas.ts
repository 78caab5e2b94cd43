import { z } from 'zod';
import { bodyWholeNumber, queryWholeNumber, singleLineText } from '../../../core/plugin-api/input-fields';
import { MAX_FILENAME_LENGTH, MAX_FOLDER_DEPTH, MAX_FOLDER_PATH_LENGTH, MESSAGES, folderPathProblem } from './wire';

/**
 * The request schemas of the documents routes (documented in wire.ts), apart from the wire types so the web remote
 * reads the contract without loading zod; it takes the request types below with `import type`.
 */

/** Accepts "" (root), trims and drops one leading or trailing slash ("/a/b/" reads "a/b"). */
export const folderPathSchema = z
  .string({ error: MESSAGES.invalidFolderName })
  .trim()
  .transform((value) => value.replace(/^\/|\/$/g, ''))
  .superRefine((value, context) => {
    const problem = folderPathProblem(value);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });

/** A folder to create: like a path, but not the root. */
export const newFolderPathSchema = folderPathSchema.refine((value) => value !== '', MESSAGES.invalidFolderName);

/** Slashes would split the name into folders; control characters (below space, and DEL) have no place in one. */
function hasForbiddenCharacter(filename: string): boolean {
  for (let index = 0; index < filename.length; index += 1) {
    const code = filename.charCodeAt(index);
    if (code < 0x20 || code === 0x7f || filename[index] === '/' || filename[index] === '\\') return true;
  }
  return false;
}

export const filenameSchema = z
  .string({ error: MESSAGES.filenameRequired })
  .trim()
  .min(1, MESSAGES.filenameRequired)
  .max(MAX_FILENAME_LENGTH, MESSAGES.filenameRequired)
  .refine((value) => !hasForbiddenCharacter(value), MESSAGES.invalidFilename);

const EXTERNAL_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const externalId = (message: string) =>
  z
    .string({ error: message })
    .regex(EXTERNAL_ID_PATTERN, message)
    .transform((value) => value.toLowerCase());

/** Forms send "" or null for "no client". */
const optionalClientId = z.preprocess(
  (value) => (value === '' || value === null ? undefined : value),
  externalId(MESSAGES.clientNotFound).optional(),
);

/** A byte count: decimal digits in a query string, a JSON number in a body. */
const byteCount = { label: 'size', min: 0, max: Number.MAX_SAFE_INTEGER };

/** A MIME type as the browser names a file's; the server decides the stored one from the file name. */
const mimeType = singleLineText({ label: 'MIME type', max: 255 }).optional();

/** A file's path beside its id, sent by some callers and not read: bounded like any text. */
const filePath = singleLineText({ label: 'Path', max: MAX_FOLDER_PATH_LENGTH + 1 + MAX_FILENAME_LENGTH }).optional();

export const treeQuerySchema = z.object({
  path: folderPathSchema.default(''),
  depth: queryWholeNumber({ label: 'depth', min: 1, max: MAX_FOLDER_DEPTH + 1 }).default(1),
});

export type TreeQuery = z.input<typeof treeQuerySchema>;

export const listQuerySchema = z.object({
  clientExternalId: optionalClientId,
  limit: queryWholeNumber({ label: 'limit', min: 1, max: 1000 }).default(100),
  offset: queryWholeNumber({ label: 'offset', min: 0, max: Number.MAX_SAFE_INTEGER }).default(0),
});

export type ListQuery = z.input<typeof listQuerySchema>;

export const infoQuerySchema = z.object({ documentId: externalId(MESSAGES.documentNotFound) });

export const directoriesQuerySchema = z.object({ clientExternalId: optionalClientId });

export const createDirectorySchema = z.object({
  path: newFolderPathSchema,
  clientId: optionalClientId,
});

export type CreateDirectoryRequest = z.input<typeof createDirectorySchema> & { workspaceId: string };

export const presignQuerySchema = z.object({
  filename: filenameSchema,
  directory: folderPathSchema.default(''),
  size: queryWholeNumber({ ...byteCount, message: MESSAGES.sizeRequired }),
  mimeType,
  clientId: optionalClientId,
});

export type PresignQuery = z.input<typeof presignQuerySchema>;

const invalidData = MESSAGES.invalidDocumentData;
const fileKeySchema = singleLineText({ label: 'File key', max: 200, error: invalidData, tooLong: invalidData }).min(1, invalidData);

export const createDocumentSchema = z.object({
  fileKey: fileKeySchema,
  filename: filenameSchema,
  clientExternalId: optionalClientId,
  mimeType,
  size: bodyWholeNumber({ ...byteCount, message: MESSAGES.invalidDocumentData }),
  directory: folderPathSchema.default(''),
});

export type CreateDocumentRequest = z.input<typeof createDocumentSchema> & { workspaceExternalId: string };

export const updateStorageSchema = z.object({
  additionalStorage: bodyWholeNumber({ label: 'additionalStorage', min: 1, max: 1024 ** 4, message: MESSAGES.additionalStorage }),
});

export type UpdateStorageRequest = z.input<typeof updateStorageSchema> & { workspaceId: string };

export const deleteNodeSchema = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('file'), path: filePath, fileInfo: z.object({ id: externalId(MESSAGES.documentNotFound) }) }),
    z.object({ type: z.literal('directory'), path: newFolderPathSchema }),
  ],
  { error: MESSAGES.nodeType },
);

export const deleteDocumentsSchema = z.object({
  nodes: z.array(deleteNodeSchema, { error: MESSAGES.noValidNodes }).min(1, MESSAGES.noValidNodes).max(1000),
});

export type DeleteDocumentsRequest = z.input<typeof deleteDocumentsSchema> & { workspaceId: string };

export const assignClientSchema = z.discriminatedUnion(
  'type',
  [
    z.object({
      type: z.literal('directory'),
      path: newFolderPathSchema,
      clientId: externalId(MESSAGES.clientNotFound).nullable(),
    }),
    z.object({
      type: z.literal('file'),
      path: filePath,
      fileId: externalId(MESSAGES.documentNotFound),
      clientId: externalId(MESSAGES.clientNotFound).nullable(),
    }),
  ],
  { error: MESSAGES.nodeType },
);

export type AssignClientRequest = z.input<typeof assignClientSchema> & { workspaceId: string };
