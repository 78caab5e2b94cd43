import { z } from 'zod';
import { badRequest } from '../platform/errors';

/** Where a page of the clients list ends: the lower-cased name and id of its last client. Opaque to callers. Server-only (Buffer). */
export interface ClientListPosition {
  sortName: string;
  id: number;
}

const positionSchema = z.tuple([z.string().max(200), z.number().int().positive()]);

export const clientCursorOf = (position: ClientListPosition): string =>
  Buffer.from(JSON.stringify([position.sortName, position.id])).toString('base64url');

export function positionOfCursor(cursor: string): ClientListPosition {
  try {
    const [sortName, id] = positionSchema.parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
    return { sortName, id };
  } catch {
    throw badRequest('Invalid cursor');
  }
}
