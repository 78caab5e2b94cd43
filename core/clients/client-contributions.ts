import { dashboardPoint, searchPoint, type Contribution, type MemberContext, type SearchHit } from '../plugin-api/extension-points';
import { TOKENS } from '../platform/tokens';
import type { ClientDirectory } from './client-directory';
import { withinScope } from './client-scope';
import { matchSearch } from './client-search';
import { Client } from './models';
import { CLIENT_DASHBOARD, type ClientGrowthPoint } from './wire';

const KOLKATA_MONTH = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit' });

/** Narrows a query of the workspace's clients to those the asking member may see. */
async function visibleTo(context: MemberContext) {
  return withinScope(await context.container.get<ClientDirectory>(TOKENS.Clients).clientsOfMember(context.workspace.id, context.member));
}

const nextMonth = (month: string): string => {
  const [year, number] = month.split('-').map(Number);
  return number === 12 ? `${year + 1}-01` : `${year}-${String(number + 1).padStart(2, '0')}`;
};

/** Spec 1 section 2.7, "Monthly Client Growth": the running total per month (Asia/Kolkata), from the first client's month to this one. */
export async function clientGrowth(context: MemberContext): Promise<ClientGrowthPoint[]> {
  const rows = await Client.inWorkspace(context.workspace.id)
    .modify(await visibleTo(context))
    .select(Client.raw("to_char(clients.created_at at time zone 'Asia/Kolkata', 'YYYY-MM') as month"))
    .count({ added: '*' })
    .groupByRaw('1')
    .orderByRaw('1')
    .castTo<{ month: string; added: string }[]>();
  if (!rows.length) return [];
  const added = new Map(rows.map((row) => [row.month, Number(row.added)]));
  const last = [rows[rows.length - 1].month, KOLKATA_MONTH.format(new Date())].sort()[1];
  const series: ClientGrowthPoint[] = [];
  let total = 0;
  for (let month = rows[0].month; month <= last; month = nextMonth(month)) {
    total += added.get(month) ?? 0;
    series.push({ month, clients: total });
  }
  return series;
}

async function searchClients(term: string, context: MemberContext, limit: number): Promise<SearchHit[]> {
  const clients = await Client.inWorkspace(context.workspace.id)
    .modify(await visibleTo(context))
    .modify((query) => matchSearch(query, term))
    .orderByRaw('lower(clients.name), clients.id')
    .limit(limit)
    .select('clients.external_id', 'clients.name', 'clients.pan_number', 'clients.email');
  return clients.map((client) => ({
    type: 'client',
    id: client.externalId,
    title: client.name,
    subtitle: client.panNumber || client.email,
    url: `/w/${context.workspace.externalId}/clients/${client.externalId}`,
  }));
}

/** What the core's clients domain adds to the dashboard and the search, in every workspace, like an always-on plugin. */
export const clientContributions: Contribution[] = [
  dashboardPoint.contribute({
    stats: [
      {
        id: CLIENT_DASHBOARD.totalClientsStat,
        label: CLIENT_DASHBOARD.totalClientsCaption,
        value: async (context) =>
          Client.inWorkspace(context.workspace.id)
            .modify(await visibleTo(context))
            .resultSize(),
      },
    ],
    graphs: [{ id: CLIENT_DASHBOARD.growthGraph, series: clientGrowth }],
  }),
  searchPoint.contribute({ id: 'clients', search: searchClients }),
];
