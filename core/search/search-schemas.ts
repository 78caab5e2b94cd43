import { z } from 'zod';

export const SEARCH_TERM_MESSAGE = 'Search term must be between 2 and 100 characters';
export const SEARCH_LIMIT_MESSAGE = 'Limit must be a whole number from 1 to 50';
export const DEFAULT_SEARCH_LIMIT = 20;

export const searchQuerySchema = z.object({
  q: z.string({ error: SEARCH_TERM_MESSAGE }).trim().min(2, SEARCH_TERM_MESSAGE).max(100, SEARCH_TERM_MESSAGE),
  limit: z.coerce
    .number({ error: SEARCH_LIMIT_MESSAGE })
    .int(SEARCH_LIMIT_MESSAGE)
    .min(1, SEARCH_LIMIT_MESSAGE)
    .max(50, SEARCH_LIMIT_MESSAGE)
    .default(DEFAULT_SEARCH_LIMIT),
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
