import { Writable } from 'node:stream';
import type { NextFunction, Request, Response } from 'express';
import formidable, { errors as formidableErrors } from 'formidable';
import { badRequest, HttpError } from '../platform/errors';

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const FILE_TOO_LARGE = 'File is too large (maximum 5 MB)';

declare module 'express-serve-static-core' {
  interface Request {
    /** The one file of a multipart upload, held in memory (at most MAX_UPLOAD_BYTES). */
    uploadedFile?: Buffer;
  }
}

function uploadError(error: { code?: number }): HttpError {
  switch (error.code) {
    case formidableErrors.biggerThanMaxFileSize:
    case formidableErrors.biggerThanTotalMaxFileSize:
      return new HttpError(413, FILE_TOO_LARGE);
    case formidableErrors.maxFilesExceeded:
      return badRequest('Upload one file at a time');
    case formidableErrors.noEmptyFiles:
      return badRequest('The file is empty');
    default:
      return badRequest('The upload could not be read');
  }
}

/**
 * Reads a multipart body with one file field `file` into memory, and its text fields into `req.body`; placed after the
 * route's gates. Any other body (e.g. JSON) is left to the route, which then finds no file.
 */
export async function singleFileUpload(req: Request, _res: Response, next: NextFunction): Promise<void> {
  if (!req.is('multipart/form-data')) return next();
  const chunks: Buffer[] = [];
  const form = formidable({
    maxFiles: 1,
    maxFileSize: MAX_UPLOAD_BYTES,
    maxTotalFileSize: MAX_UPLOAD_BYTES,
    maxFields: 10,
    maxFieldsSize: 64 * 1024,
    allowEmptyFiles: false,
    fileWriteStreamHandler: () =>
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          chunks.push(chunk);
          done();
        },
      }),
  });
  let parsed: [formidable.Fields, formidable.Files];
  try {
    parsed = await form.parse(req);
  } catch (error) {
    throw uploadError(error as { code?: number });
  }
  const [fields, files] = parsed;
  if (Object.keys(files).some((name) => name !== 'file')) throw badRequest('The file must be sent in the field "file"');
  req.body = Object.fromEntries(Object.entries(fields).map(([name, values]) => [name, values?.[0]]));
  req.uploadedFile = files.file?.length ? Buffer.concat(chunks) : undefined;
  next();
}
