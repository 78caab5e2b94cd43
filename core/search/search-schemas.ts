import { z } from 'zod';
import { queryWholeNumber, singleLineText } from '../plugin-api/input-fields';

export const SEARCH_TERM_MESSAGE = 'Search term must be between 2 and 100 characters';
export const SEARCH_LIMIT_MESSAGE = 'Limit must be a whole number from 1 to 50';
export const DEFAULT_SEARCH_LIMIT = 20;

export const searchQuerySchema = z.object({
  // Room for the spaces around a term, which are trimmed before its length counts.
  q: singleLineText({ label: 'Search term', max: 200, error: SEARCH_TERM_MESSAGE, tooLong: SEARCH_TERM_MESSAGE })
    .trim()
    .min(2, SEARCH_TERM_MESSAGE)
    .max(100, SEARCH_TERM_MESSAGE),
  limit: queryWholeNumber({ label: 'limit', min: 1, max: 50, message: SEARCH_LIMIT_MESSAGE }).default(DEFAULT_SEARCH_LIMIT),
});

export type SearchQuery = z.infer<typeof searchQuerySchema>;

/** What a provider's hit must look like; its `url` is a path of this app (under `{app}`), never another site. */
export const searchHitSchema = z.object({
  type: z.string().min(1),
  id: z.string().min(1),
  title: z.string().min(1),
  subtitle: z.string().optional(),
  url: z.string().regex(/^\/(?!\/)/, 'must be a path of this app, starting with one /'),
});
