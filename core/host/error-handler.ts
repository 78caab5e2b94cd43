import type { NextFunction, Request, Response } from 'express';
import { ZodError } from 'zod';
import { DecryptionError } from '../platform/crypto';
import { HttpError, notFound, validationError } from '../platform/errors';
import type { Logger } from '../platform/logger';

const INFRASTRUCTURE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', '57P01', '57P03', '08006', '08001']);

function isInfrastructureFailure(error: unknown): boolean {
  const candidate = error as { code?: string; name?: string; message?: string };
  return (
    INFRASTRUCTURE_CODES.has(candidate.code ?? '') ||
    ['ClientClosedError', 'ClientOfflineError', 'ConnectionTimeoutError', 'KnexTimeoutError', 'SocketClosedUnexpectedlyError'].includes(
      candidate.name ?? '',
    ) ||
    /The client is (closed|offline)|Connection terminated|Timeout acquiring a connection/.test(candidate.message ?? '')
  );
}

/** A write that referred to a record deleted meanwhile (e.g. a workspace deleted while a plugin inserted into it). */
function vanishedReference(error: unknown): HttpError | null {
  const candidate = error as { code?: string; constraint?: string; nativeError?: { code?: string; constraint?: string } };
  const code = candidate.nativeError?.code ?? candidate.code;
  if (code !== '23503') return null;
  const constraint = candidate.nativeError?.constraint ?? candidate.constraint ?? '';
  return constraint.includes('workspace_id') ? notFound('Workspace not found') : new HttpError(409, 'This refers to a record that no longer exists');
}

/**
 * PostgreSQL refusing a value (SQLSTATE class 22, data exception: a NUL, a bad byte sequence, a value too long for
 * its column, text where a number belongs). The schemas should have refused it first, so it is logged as their bug,
 * but it is the caller's input all the same: a 400, never a 500.
 */
function refusedValue(error: unknown): { code: string; message: string } | null {
  const candidate = error as { code?: unknown; nativeError?: { code?: unknown } };
  const code = candidate.nativeError?.code ?? candidate.code;
  if (typeof code !== 'string' || !/^22[0-9A-Z]{3}$/.test(code)) return null;
  if (code === '22021' || code === '22P05') return { code, message: 'Invalid characters in input' };
  if (code === '22001') return { code, message: 'A value in the request is too long' };
  return { code, message: 'Invalid input' };
}

/** Bad input of any kind becomes a 4xx with `{ error }`; a dependency outage a 503; anything else a logged 500 without detail. */
export function errorHandler(logger: Logger) {
  return (error: unknown, req: Request, res: Response, _next: NextFunction): void => {
    if (res.headersSent) {
      req.socket.destroy();
      return;
    }
    if (error instanceof ZodError) error = validationError(error);
    error = vanishedReference(error) ?? error;
    if (error instanceof HttpError) {
      if (error.headers) res.set(error.headers);
      res.status(error.status).json({ ...error.fields, error: error.message, ...(error.details && { details: error.details }) });
      return;
    }
    const bodyParserError = error as { type?: string; status?: number };
    if (bodyParserError.type === 'entity.too.large') {
      res.status(413).json({ error: 'Request body is too large' });
      return;
    }
    if (bodyParserError.type === 'entity.parse.failed') {
      res.status(400).json({ error: 'Malformed JSON in request body' });
      return;
    }
    if (bodyParserError.type && bodyParserError.status && bodyParserError.status < 500) {
      res.status(bodyParserError.status).json({ error: 'The request body could not be read' });
      return;
    }
    if (bodyParserError.status && bodyParserError.status >= 400 && bodyParserError.status < 500) {
      // Express's own 4xx errors, e.g. a static file that does not exist.
      res.status(bodyParserError.status).json({ error: bodyParserError.status === 404 ? 'Not found' : 'Bad request' });
      return;
    }
    if (error instanceof DecryptionError) {
      logger.error({ requestId: req.requestId, err: error.message }, 'stored secret could not be decrypted');
      res.status(500).json({ error: 'Internal server error' });
      return;
    }
    const refused = refusedValue(error);
    if (refused) {
      logger.warn(
        { requestId: req.requestId, code: refused.code, err: (error as Error).message },
        'the database refused a value that validation let through',
      );
      res.status(400).json({ error: refused.message });
      return;
    }
    if (isInfrastructureFailure(error)) {
      logger.warn({ requestId: req.requestId, err: (error as Error).message }, 'dependency unavailable');
      res.status(503).set('Retry-After', '5').json({ error: 'Service temporarily unavailable. Please try again shortly.' });
      return;
    }
    logger.error({ requestId: req.requestId, err: error }, 'unhandled error');
    res.status(500).json({ error: 'Internal server error' });
  };
}
