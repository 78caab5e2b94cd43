import type { NextFunction, Request, Response } from 'express';
import { readSingleFileUpload } from '../platform/single-file-upload';

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const FILE_TOO_LARGE = 'File is too large (maximum 5 MB)';

declare module 'express-serve-static-core' {
  interface Request {
    /** The one file of a multipart upload, held in memory (at most MAX_UPLOAD_BYTES). */
    uploadedFile?: Buffer;
  }
}

/**
 * Reads a multipart body with one file field `file` into memory, and its text fields into `req.body`; placed after the
 * route's gates. Any other body (e.g. JSON) is left to the route, which then finds no file.
 */
export async function singleFileUpload(req: Request, _res: Response, next: NextFunction): Promise<void> {
  if (!req.is('multipart/form-data')) return next();
  const { fields, file } = await readSingleFileUpload(req, {
    maxFileBytes: MAX_UPLOAD_BYTES,
    tooLargeMessage: FILE_TOO_LARGE,
    maxFields: 10,
    maxFieldsBytes: 64 * 1024,
    allowEmptyFile: false,
    fileField: 'file',
  });
  req.body = fields;
  req.uploadedFile = file?.bytes;
  next();
}
