import type { QueryBuilder } from 'objection';
import type { Client } from './models';
import { GSTIN_PATTERN, PAN_PATTERN } from './schemas';

/** The one text the list search matches; it must stay exactly the expression of the clients_search_trgm index. */
const SEARCH_DOCUMENT =
  "lower(name) || chr(10) || lower(email) || chr(10) || lower(pan_number) || chr(10) || lower(coalesce(gstin, '')) || chr(10) || phone";

const escapeLike = (term: string) => term.replace(/[\\%_]/g, (character) => `\\${character}`);

/**
 * A complete PAN or GSTIN is an identifier, not a fragment: it finds the client holding it (a PAN also finds the
 * businesses whose GSTIN embeds it) through plain indexes. Any other term matches anywhere in the search document.
 */
export function matchSearch(query: QueryBuilder<Client, Client[]>, search: string): void {
  const identifier = search.trim().toUpperCase();
  if (PAN_PATTERN.test(identifier)) {
    query.where((match) => {
      match.where('pan_number', identifier).orWhereRaw('substr(gstin, 3, 10) = ?', [identifier]);
    });
  } else if (GSTIN_PATTERN.test(identifier)) {
    query.where('gstin', identifier);
  } else {
    query.whereRaw(`${SEARCH_DOCUMENT} like ?`, [`%${escapeLike(search.toLowerCase())}%`]);
  }
}
