import { z } from 'zod';

/** The activity cursor is opaque to clients: base64url of the last entry's position. Server-only (Buffer). */
export const activityQuerySchema = z.object({
  before: z
    .string({ error: 'Invalid cursor' })
    .transform((cursor) => Buffer.from(cursor, 'base64url').toString('utf8'))
    .pipe(
      z
        .string()
        .regex(/^[1-9][0-9]{0,15}$/, 'Invalid cursor')
        .transform(Number),
    )
    .optional(),
});

export const activityCursorOf = (position: number): string => Buffer.from(String(position)).toString('base64url');
