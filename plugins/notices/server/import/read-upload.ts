import type { Request } from 'express';
import { badRequest, readSingleFileUpload } from '../../../../core/plugin-api';
import { MAX_IMPORT_BYTES, NOTICE_MESSAGES } from '../../shared/wire';

export interface UploadedFile {
  name: string;
  bytes: Buffer;
}

const UNNAMED_FILE = 'the uploaded file';

/**
 * Reads the one file of a multipart body into memory, at most MAX_IMPORT_BYTES. Runs after the route's gates, so the
 * workspace is the one named in the query: the body is not read before the workspace gate.
 */
export async function readUploadedFile(req: Request): Promise<UploadedFile> {
  const { file } = await readSingleFileUpload(req, {
    maxFileBytes: MAX_IMPORT_BYTES,
    tooLargeMessage: NOTICE_MESSAGES.importTooLarge,
    // Only the workspace's id travels beside the file; anything else in the form is ignored.
    maxFields: 5,
    maxFieldsBytes: 8 * 1024,
    // An empty file is answered with the import's file-type refusal, not the upload's own wording.
    allowEmptyFile: true,
  });
  if (!file) throw badRequest(NOTICE_MESSAGES.importFileRequired);
  return { name: file.name ?? UNNAMED_FILE, bytes: file.bytes };
}
