import { Writable } from 'node:stream';
import type { Request } from 'express';
import formidable, { errors as formidableErrors } from 'formidable';
import { badRequest, HttpError } from './errors';
import { hasControlCharacters } from './text-rule';

/** The bounds a route puts on the one-file multipart body it reads; every one is the caller's choice. */
export interface SingleFileUploadLimits {
  maxFileBytes: number;
  /** The 413 answer for a file over `maxFileBytes`, in the route's own wording. */
  tooLargeMessage: string;
  /** Text fields sent beside the file, and their bytes in all. */
  maxFields: number;
  maxFieldsBytes: number;
  /** When false an empty file is refused with UPLOAD_MESSAGES.emptyFile; when true it reaches the caller. */
  allowEmptyFile: boolean;
  /** When set, a file sent in any other field is refused; otherwise the file may come in any field. */
  fileField?: string;
}

export interface UploadedFileContent {
  /** The name the user chose, without any folder a browser may send; absent when blank or holding control characters. */
  name?: string;
  bytes: Buffer;
}

export interface SingleFileUpload {
  fields: Record<string, string | undefined>;
  file?: UploadedFileContent;
}

export const UPLOAD_MESSAGES = {
  oneFileOnly: 'Upload one file at a time',
  unreadable: 'The upload could not be read',
  emptyFile: 'The file is empty',
  wrongField: (field: string) => `The file must be sent in the field "${field}"`,
} as const;

/** The name goes into records and history lines; a longer one is cut. */
const MAX_FILE_NAME_LENGTH = 200;

function displayNameOf(originalName: string | null): string | undefined {
  const name = (originalName ?? '').split(/[\\/]/).pop()!.trim();
  return name && !hasControlCharacters(name) ? name.slice(0, MAX_FILE_NAME_LENGTH) : undefined;
}

function uploadError(error: { code?: number }, limits: SingleFileUploadLimits): HttpError {
  switch (error.code) {
    case formidableErrors.biggerThanMaxFileSize:
    case formidableErrors.biggerThanTotalMaxFileSize:
      return new HttpError(413, limits.tooLargeMessage);
    case formidableErrors.maxFilesExceeded:
      return badRequest(UPLOAD_MESSAGES.oneFileOnly);
    case formidableErrors.noEmptyFiles:
      return badRequest(UPLOAD_MESSAGES.emptyFile);
    default:
      return badRequest(UPLOAD_MESSAGES.unreadable);
  }
}

/**
 * Reads a multipart body's one file into memory, within the caller's limits, with its text fields (the first value of
 * each). Place it after the route's gates, so nobody makes the server read a body before being let in. A body that is
 * not multipart is left unread: no fields and no file.
 */
export async function readSingleFileUpload(req: Request, limits: SingleFileUploadLimits): Promise<SingleFileUpload> {
  if (!req.is('multipart/form-data')) return { fields: {} };
  const chunks: Buffer[] = [];
  const form = formidable({
    maxFiles: 1,
    maxFileSize: limits.maxFileBytes,
    maxTotalFileSize: limits.maxFileBytes,
    maxFields: limits.maxFields,
    maxFieldsSize: limits.maxFieldsBytes,
    allowEmptyFiles: limits.allowEmptyFile,
    minFileSize: limits.allowEmptyFile ? 0 : 1,
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
    throw uploadError(error as { code?: number }, limits);
  }
  const [fields, files] = parsed;
  const { fileField } = limits;
  if (fileField && Object.keys(files).some((name) => name !== fileField)) throw badRequest(UPLOAD_MESSAGES.wrongField(fileField));
  const [file] = Object.values(files).flat();
  return {
    fields: Object.fromEntries(Object.entries(fields).map(([name, values]) => [name, values?.[0]])),
    ...(file && { file: { name: displayNameOf(file.originalFilename), bytes: Buffer.concat(chunks) } }),
  };
}
