import { z } from 'zod';
import { MAX_FILENAME_LENGTH, MAX_FOLDER_DEPTH, MESSAGES, folderPathProblem } from './wire';

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

const byteCount = (message: string) => z.coerce.number({ error: message }).int(message).min(0, message).max(Number.MAX_SAFE_INTEGER, message);

export const treeQuerySchema = z.object({
  path: folderPathSchema.default(''),
  depth: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_FOLDER_DEPTH + 1)
    .default(1),
});

export type TreeQuery = z.input<typeof treeQuerySchema>;

export const listQuerySchema = z.object({
  clientExternalId: optionalClientId,
  limit: z.coerce.number().int().min(1).max(1000).default(100),
  offset: z.coerce.number().int().min(0).default(0),
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
  size: byteCount(MESSAGES.sizeRequired),
  mimeType: z.string().optional(),
  clientId: optionalClientId,
});

export type PresignQuery = z.input<typeof presignQuerySchema>;

export const createDocumentSchema = z.object({
  fileKey: z.string({ error: MESSAGES.invalidDocumentData }).min(1, MESSAGES.invalidDocumentData).max(200, MESSAGES.invalidDocumentData),
  filename: filenameSchema,
  clientExternalId: optionalClientId,
  mimeType: z.string().optional(),
  size: byteCount(MESSAGES.invalidDocumentData),
  directory: folderPathSchema.default(''),
});

export type CreateDocumentRequest = z.input<typeof createDocumentSchema> & { workspaceExternalId: string };

export const updateStorageSchema = z.object({
  additionalStorage: z.coerce
    .number({ error: MESSAGES.additionalStorage })
    .int(MESSAGES.additionalStorage)
    .min(1, MESSAGES.additionalStorage)
    .max(1024 ** 4, MESSAGES.additionalStorage),
});

export type UpdateStorageRequest = z.input<typeof updateStorageSchema> & { workspaceId: string };

export const deleteNodeSchema = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('file'), path: z.string().optional(), fileInfo: z.object({ id: externalId(MESSAGES.documentNotFound) }) }),
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
      path: z.string().optional(),
      fileId: externalId(MESSAGES.documentNotFound),
      clientId: externalId(MESSAGES.clientNotFound).nullable(),
    }),
  ],
  { error: MESSAGES.nodeType },
);

export type AssignClientRequest = z.input<typeof assignClientSchema> & { workspaceId: string };
