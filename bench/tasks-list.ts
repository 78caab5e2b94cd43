/**
 * Tasks list: one workspace with 10,000 tasks and then 1,000,000, each time `GET tasks` in its default order, with a
 * status filter and with a search term, beside `GET auth/status` in the same run (before the first case and after each
 * one): 50 connections for 10 s each, after 2 s of the same unmeasured (autocannon in its own process), for the
 * requests per second, each case against the mean of the `GET auth/status` runs around it, and one request at a time,
 * all in turn round after round (20 warm-up, 300 measured), for the p95. Seeds with one `INSERT ... SELECT FROM
 * generate_series` per size, then `VACUUM ANALYZE` until every page is all-visible, and prints the
 * `EXPLAIN (ANALYZE, BUFFERS)` of the list query each case runs. One JSON line per figure; targets in bench/README.md.
 */
import 'reflect-metadata';
import type { Knex } from 'knex';
import { ClientService } from '../core/clients/client-service';
import { Client } from '../core/clients/models';
import type { RunningHost } from '../core/plugin-api/testing/test-host';
import { benchSession, workspaceRowsOf, type BenchSession } from './bench-session';
import { autocannon, round, timedInTurn, type LoadResult } from './measure';
import { runBench } from './run-bench';
import { vacuumUntilAllVisible } from './vacuum';
import { SURNAMES, TRADES } from './business-names';

const SIZES = [10_000, 1_000_000];
const CONNECTIONS = 50;
const LOAD_SECONDS = 10;
const WARM_UP_SECONDS = 2;
const TARGET_THROUGHPUT_SHARE = 0.6;
const TARGET_P95_FACTOR = 3;

const WORK = [
  'GSTR-1 filing',
  'GSTR-3B filing',
  'TDS return 26Q',
  'Advance tax instalment',
  'ITR filing',
  'Tax audit report',
  'ROC annual return',
  'PF and ESI challan',
  'Reply to GST notice',
  'Bank reconciliation',
  'Books closing',
  'Professional tax payment',
];
const PAPERS = [
  'the sales register',
  'purchase invoices',
  'bank statements',
  'Form 16A certificates',
  'the fixed asset register',
  'payroll sheets',
  'the stock statement',
];
const NOTES = [
  'Client prefers calls after 4 pm.',
  'Check the ledger differences from last quarter.',
  'Partner review needed before filing.',
  'Awaiting the signed authorisation letter.',
  'Reconcile with the portal figures first.',
];
const MONTHS = ['Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec', 'Jan', 'Feb', 'Mar'];
/** A quarter of the tasks are PENDING: the filtered case reads a common status, as the list's tabs do. */
const STATUSES = ['COMPLETED', 'COMPLETED', 'PENDING', 'COMPLETED', 'IN_PROGRESS', 'PENDING', 'COMPLETED', 'BLOCKED'];
const PRIORITIES = ['MEDIUM', 'HIGH', 'LOW', 'MEDIUM', 'URGENT', 'MEDIUM'];
/** One client's name: what someone types to find that client's work (about 0.6% of the tasks). */
const SEARCH_TERM = 'kulkarni pharma';

const CASES: { label: string; query: Record<string, string> }[] = [
  { label: 'default order', query: {} },
  { label: 'status=PENDING', query: { status: 'PENDING' } },
  { label: `search="${SEARCH_TERM}"`, query: { search: SEARCH_TERM } },
];

/** After the same load unmeasured, so the figure is the steady state (code compiled, rows cached). */
async function underLoad(url: string, cookie: string): Promise<LoadResult> {
  await autocannon(url, cookie, { connections: CONNECTIONS, seconds: WARM_UP_SECONDS });
  return autocannon(url, cookie, { connections: CONNECTIONS, seconds: LOAD_SECONDS });
}

/** A GET that throws unless it answers 200. */
const answered = (url: string, cookie: string) => async () => {
  const response = await fetch(url, { headers: { cookie } });
  const body = await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}: ${Buffer.from(body).toString()}`);
};

/** 160 business clients, every surname with every trade, so each name is one client's. */
interface SeededClients {
  ids: number[];
  names: string[];
  externalIds: string[];
}

async function seedClients(running: RunningHost, workspaceId: number, ownerId: number): Promise<SeededClients> {
  const records = SURNAMES.flatMap((surname, s) =>
    TRADES.map((trade, t) => {
      const index = s * TRADES.length + t;
      return running.host.container.get(ClientService).recordOf(
        workspaceId,
        {
          clientType: 'BUSINESS',
          name: `${surname} ${trade}`,
          email: `client.${index}@tasks-bench.example`,
          phone: `98${String(index).padStart(8, '0')}`,
          panNumber: `AQX${'CF'[index % 2]}K${String(index).padStart(4, '0')}Z`,
          tan: null,
          industry: null,
          gstin: null,
          contactPerson: null,
          businessAddress: `${index}, Industrial Estate, Pune - 411019`,
        },
        ownerId,
      );
    }),
  );
  const clients = await Client.query().insert(records);
  return {
    ids: clients.map((client) => client.id),
    names: clients.map((client) => client.name),
    externalIds: clients.map((client) => client.externalId),
  };
}

/**
 * Tasks `from` to `to` (serials) in one statement: a tenth without a client, a tenth without a due date, the others
 * spread over the clients, two financial years of due dates and creation times 30 s apart.
 */
async function seedTasks(knex: Knex, workspaceId: number, ownerId: number, clients: SeededClients, from: number, to: number) {
  await knex.raw(
    `with params as (
       select cast(:work as text[]) as work, cast(:papers as text[]) as papers, cast(:notes as text[]) as notes,
              cast(:months as text[]) as months, cast(:statuses as text[]) as statuses, cast(:priorities as text[]) as priorities,
              cast(:clientIds as bigint[]) as client_ids, cast(:clientNames as text[]) as client_names,
              cast(:clientExternalIds as text[]) as client_external_ids
     ), generated as (
       select i,
              work[1 + i % cardinality(work)] as work,
              papers[1 + i % cardinality(papers)] as paper,
              notes[1 + (i / 7) % cardinality(notes)] as note,
              months[1 + i % 12] as month,
              statuses[1 + (i / 3) % cardinality(statuses)] as status,
              priorities[1 + (i / 5) % cardinality(priorities)] as priority,
              case when i % 10 = 0 then null else date '2025-04-01' + (i * 37) % 730 end as due_date,
              case when i % 10 = 3 then null else 1 + (i * 7) % cardinality(client_ids) end as client,
              client_ids, client_names, client_external_ids,
              now() - interval '1 year' + i * interval '30 seconds' as created_at
       from params, generate_series(cast(:from as int), cast(:to as int)) as i
     )
     insert into tasks (external_id, workspace_id, title, description, status, priority, due_date, assigned_to, client_id,
                        entity_type, entity_id, created_by, created_at, updated_at)
     select gen_random_uuid(), :workspaceId,
            work || ' - ' || coalesce(client_names[client], 'Firm') || ' - ' || month || case when i % 12 < 9 then ' 2025' else ' 2026' end,
            'Collect ' || paper || ' from ' || coalesce(client_names[client], 'the office') || ', prepare the working papers and complete the '
              || work || ' before the due date. ' || note,
            status, priority, due_date, :ownerId, client_ids[client],
            case when client is null then null else 'CLIENT' end, client_external_ids[client],
            :ownerId, created_at, created_at
     from generated`,
    {
      workspaceId,
      ownerId,
      work: WORK,
      papers: PAPERS,
      notes: NOTES,
      months: MONTHS,
      statuses: STATUSES,
      priorities: PRIORITIES,
      clientIds: clients.ids,
      clientNames: clients.names,
      clientExternalIds: clients.externalIds,
      from,
      to,
    },
  );
  // What autovacuum leaves after a bulk insert: the trigram index's own statistics (its entry counts), which the
  // planner prices a search's index scan with, are written by VACUUM, not by ANALYZE.
  const allVisible = await vacuumUntilAllVisible(knex, 'tasks');
  console.log(JSON.stringify({ figure: 'tasks pages marked all-visible', share: round(allVisible, 3) }));
  // Writes the seeded pages out now rather than in a checkpoint during the measurements.
  await knex.raw('checkpoint');
}

/** The list query a request ran, as PostgreSQL planned and ran it. */
async function planOf(knex: Knex, request: () => Promise<void>): Promise<string> {
  const listQueries: { sql: string; bindings: unknown[] }[] = [];
  const listen = (query: { sql: string; bindings?: unknown[] }) => {
    if (/from "tasks"/.test(query.sql) && /\blimit\b/.test(query.sql)) listQueries.push({ sql: query.sql, bindings: query.bindings ?? [] });
  };
  knex.on('query', listen);
  try {
    await request();
  } finally {
    knex.off('query', listen);
  }
  const [list] = listQueries;
  if (!list) throw new Error('no list query was seen');
  const { rows } = await knex.raw(`explain (analyze, buffers) ${list.sql.replace(/\$\d+/g, '?')}`, list.bindings as Knex.RawBinding[]);
  return (rows as { 'QUERY PLAN': string }[]).map((row) => row['QUERY PLAN']).join('\n');
}

async function measure(running: RunningHost, session: BenchSession, tasks: number): Promise<void> {
  const base = `${running.baseUrl}/axal`;
  const authStatus = `${base}/auth/status`;
  // `GET auth/status` before the first case and after each one: each case is compared with the two around it, so a
  // machine that speeds up or slows down during the run weighs on both sides of each ratio alike.
  const referenceLoads = [await underLoad(authStatus, session.cookie)];
  const cases = [];
  for (const { label, query } of CASES) {
    const url = `${base}/api/v1/tasks?${new URLSearchParams({ workspaceId: session.workspaceId, ...query })}`;
    const probe = await fetch(url, { headers: { cookie: session.cookie } });
    const page = await probe.json();
    if (probe.status !== 200) throw new Error(`GET tasks (${label}) answered ${probe.status}: ${JSON.stringify(page)}`);
    const load = await underLoad(url, session.cookie);
    // autocannon stops its clock with requests still queued in the server; this one waits behind them.
    await (await fetch(url, { headers: { cookie: session.cookie } })).arrayBuffer();
    const plan = await planOf(running.host.knex, async () => {
      await (await fetch(url, { headers: { cookie: session.cookie } })).arrayBuffer();
    });
    referenceLoads.push(await underLoad(authStatus, session.cookie));
    cases.push({ label, url, pageSize: page.tasks.length, load, plan });
  }
  const referenceRate = (index: number) => referenceLoads[index]!.requests.average;
  const [reference, ...singles] = await timedInTurn([authStatus, ...cases.map(({ url }) => url)].map((url) => answered(url, session.cookie)));
  console.log(
    JSON.stringify({
      tasks,
      figure: 'GET auth/status',
      requestsPerSecond: referenceLoads.map((load) => load.requests.average),
      p99MsAt50: referenceLoads.map((load) => load.latency.p99),
      p50MsAlone: reference!.p50,
      p95MsAlone: reference!.p95,
    }),
  );
  for (const [index, { label, pageSize, load, plan }] of cases.entries()) {
    const single = singles[index]!;
    const throughputShare = load.requests.average / ((referenceRate(index) + referenceRate(index + 1)) / 2);
    const p95Factor = single.p95 / reference!.p95;
    console.log(
      JSON.stringify({
        tasks,
        figure: `GET tasks, ${label}`,
        pageSize,
        requestsPerSecond: load.requests.average,
        non2xx: load.non2xx,
        p99MsAt50: load.latency.p99,
        p50MsAlone: single.p50,
        p95MsAlone: single.p95,
        throughputShare: round(throughputShare, 2),
        p95Factor: round(p95Factor, 2),
        meetsTarget: throughputShare >= TARGET_THROUGHPUT_SHARE && p95Factor <= TARGET_P95_FACTOR,
      }),
    );
    console.log(`-- plan, ${tasks} tasks, ${label}\n${plan}`);
  }
}

async function main(running: RunningHost): Promise<void> {
  const session = await benchSession(running.baseUrl);
  const { knex } = running.host;
  const { workspaceId, ownerId } = await workspaceRowsOf(knex, session.workspaceId);
  const clients = await seedClients(running, workspaceId, ownerId);
  let seeded = 0;
  for (const size of SIZES) {
    const seeding = performance.now();
    await seedTasks(knex, workspaceId, ownerId, clients, seeded + 1, size);
    seeded = size;
    console.log(JSON.stringify({ figure: `seeding ${size.toLocaleString('en-US')} tasks`, seconds: round((performance.now() - seeding) / 1000) }));
    await measure(running, session, size);
  }
}

runBench(main);
