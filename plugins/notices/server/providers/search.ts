import { searchPoint, TOKENS, type ClientDirectory, type MemberContext, type SearchHit } from '../../../../core/plugin-api';
import { NOTICE_PROVIDERS, NOTICE_SEARCH_HIT_TYPE } from '../../shared/wire';
import { applyFilters } from '../list-query';
import { Notice } from '../models';
import { clientNamesOf, noticeUrl, visibleClientsFor } from './member-scope';

/** As much of the description as a hit's second line shows. */
const DESCRIPTION_SHOWN = 80;
/** Clients whose name (or PAN, GSTIN, email) holds the term: their notices match too. */
const MATCHING_CLIENTS = 50;

const cut = (text: string) => {
  const characters = Array.from(text.replace(/\s+/g, ' ').trim());
  return characters.length > DESCRIPTION_SHOWN ? `${characters.slice(0, DESCRIPTION_SHOWN).join('')}...` : characters.join('');
};

/** "ASMT-10 · ZD2703260012345" over "Sharma Traders · Mismatch of ITC claimed in GSTR-3B...". */
const hitOf = (context: MemberContext, notice: Notice, clientName: string): SearchHit => ({
  type: NOTICE_SEARCH_HIT_TYPE,
  id: notice.externalId,
  title: `${notice.noticeType} · ${notice.reference}`,
  subtitle: [clientName, cut(notice.description)].filter(Boolean).join(' · '),
  url: noticeUrl(context, notice.externalId),
});

/** Notices whose type, reference, description or client holds the term, newest first, each one the member may open. */
async function searchNotices(term: string, context: MemberContext, limit: number): Promise<SearchHit[]> {
  const clients = context.container.get<ClientDirectory>(TOKENS.Clients);
  const matchingClients = await clients.search(context.workspace.id, term, MATCHING_CLIENTS);
  const notices = await Notice.inWorkspace(context.workspace.id)
    .modify(
      applyFilters({
        departments: null,
        priorities: null,
        statuses: null,
        visibleClientIds: await visibleClientsFor(context),
        clientId: null,
        search: term.trim(),
        searchClientIds: matchingClients.map((client) => client.id),
      }),
    )
    .orderByRaw('notices.date_of_issuance desc nulls last, notices.id desc')
    .limit(limit)
    .select('external_id', 'notice_type', 'reference', 'description', 'client_id');
  const clientNames = await clientNamesOf(context, notices);
  return notices.map((notice) => hitOf(context, notice, clientNames.get(notice.clientId) ?? ''));
}

export const noticeSearch = searchPoint.contribute({ id: NOTICE_PROVIDERS.search, search: searchNotices });
