/**
 * Notices list (issue 15): one workspace with 10,000 notices and then 1,000,000, each time `POST notices/list` with
 * the list page's default filters (department GST, statuses NEW and IN_PROGRESS, newest issued first) at page 1 and
 * page 500, beside `GET auth/status` in the same run, on one keep-alive connection, one request at a time and in turn
 * (20 warm-up rounds, 300 measured) for the p95. Seeds with one `INSERT ... SELECT FROM generate_series` per size, then `VACUUM ANALYZE`,
 * and prints the `EXPLAIN (ANALYZE, BUFFERS)` of each notices query a page makes. One JSON line per figure; targets
 * and results in bench/README.md.
 */
import 'reflect-metadata';
import http from 'node:http';
import type { Knex } from 'knex';
import type { RunningHost } from '../core/plugin-api/testing/test-host';
import { DEFAULT_NOTICE_FILTERS, DEFAULT_NOTICE_SORT, NOTICES_ROUTES, type NoticePage } from '../plugins/notices/shared/wire';
import { benchSession, workspaceRowsOf, type BenchSession } from './bench-session';
import { SURNAMES, TRADES } from './business-names';
import { round, timedInTurn } from './measure';
import { runBench } from './run-bench';
import { vacuumUntilAllVisible } from './vacuum';

const SIZES = [10_000, 1_000_000];
const DEEP_PAGE = 500;
/** Issue 15: page 1 within 3x the p95 of `GET auth/status`, page 500 within 1.5x that of page 1. */
const TARGET_FIRST_PAGE_FACTOR = 3;
const TARGET_DEEP_PAGE_FACTOR = 1.5;

const NOTICE_TYPES = {
  GST: ['ASMT-10', 'DRC-01', 'DRC-01A', 'GSTR-3A', 'REG-17', 'REG-03'],
  INCOME_TAX: ['Section 143(1)(a)', 'Section 139(9)', 'Section 143(2)', 'Section 142(1)', 'Section 148A(b)', 'Section 156', 'Section 245'],
  COMPLIANCE: ['MCA adjudication notice', 'ROC Section 206 inquiry', 'TDS default notice', 'PF inspection notice'],
};
const SUBJECTS = [
  'Mismatch between GSTR-1 and GSTR-3B outward supplies',
  'Excess input tax credit claimed against GSTR-2B',
  'Non-filing of returns for consecutive tax periods',
  'High-value cash deposits not matching the declared income',
  'Adjustment for the TDS credit not reflected in Form 26AS',
  'Additional information sought on the registration application',
  'Demand raised after the assessment of the return',
];
const ASKS = [
  'Reply with the reconciliation and supporting invoices.',
  'Submit the explanation with the ledger extracts.',
  'Appear with the books of account on the hearing date.',
  'File the revised return or explain the difference.',
];
/** Six in ten GST, three Income Tax, one compliance. */
const DEPARTMENTS = ['GST', 'GST', 'GST', 'GST', 'GST', 'GST', 'INCOME_TAX', 'INCOME_TAX', 'INCOME_TAX', 'COMPLIANCE'];
/** A quarter NEW or IN_PROGRESS: with GST, the default filters match 15% of the notices. */
const STATUSES = ['RESOLVED', 'NEW', 'RESOLVED', 'IN_PROGRESS', 'EXPIRED', 'RESOLVED', 'PENDING', 'RESOLVED'];
const PRIORITIES = ['MEDIUM', 'HIGH', 'LOW', 'MEDIUM', 'HIGH'];

/** Every request of a run on one keep-alive socket, so each figure is what one browser tab waits for. */
function oneConnection(baseUrl: string, session: BenchSession) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  return (method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; text: string }> =>
    new Promise((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const request = http.request(
        `${baseUrl}/axal${path}`,
        {
          method,
          agent,
          headers: {
            cookie: session.cookie,
            'x-csrf-token': session.csrf,
            accept: 'application/json',
            ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString() }));
          response.on('error', reject);
        },
      );
      request.on('error', reject);
      request.end(payload);
    });
}

interface Timed {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
}

/** 160 business clients through `POST clients`, every surname with every trade; answers their serial ids. */
async function seedClients(knex: Knex, session: BenchSession, workspaceId: number): Promise<number[]> {
  const names = SURNAMES.flatMap((surname) => TRADES.map((trade) => `${surname} ${trade}`));
  for (const [index, name] of names.entries()) {
    const response = await session.request('/api/v1/clients', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        workspaceExternalId: session.workspaceId,
        clientType: 'BUSINESS',
        name,
        email: `client.${index}@notices-bench.example`,
        phone: `98${String(index).padStart(8, '0')}`,
        panNumber: `AQN${'CF'[index % 2]}K${String(index).padStart(4, '0')}Z`,
        businessAddress: `${index}, MIDC Industrial Area, Nashik - 422010`,
      }),
    });
    if (response.status !== 201) throw new Error(`POST clients: ${response.status} ${await response.text()}`);
  }
  return (await knex('clients').where({ workspace_id: workspaceId }).orderBy('id').pluck('id')).map(Number);
}

/**
 * Notices `from` to `to` (serials) in one statement, spread over the clients: issued over three years (one in a
 * hundred without a date), due 15 to 44 days later (one in twenty without), each reference unique to its notice.
 */
async function seedNotices(knex: Knex, workspaceId: number, ownerId: number, clientIds: number[], from: number, to: number) {
  await knex.raw(
    `with params as (
       select cast(:gstTypes as text[]) as gst_types, cast(:itTypes as text[]) as it_types, cast(:complianceTypes as text[]) as compliance_types,
              cast(:subjects as text[]) as subjects, cast(:asks as text[]) as asks, cast(:departments as text[]) as departments,
              cast(:statuses as text[]) as statuses, cast(:priorities as text[]) as priorities, cast(:clientIds as bigint[]) as client_ids
     ), generated as (
       select i, departments[1 + i % cardinality(departments)] as department,
              statuses[1 + (i / cardinality(departments)) % cardinality(statuses)] as status,
              priorities[1 + (i / 7) % cardinality(priorities)] as priority,
              client_ids[1 + (i * 7) % cardinality(client_ids)] as client_id,
              case when i % 100 = 0 then null else date '2023-04-01' + (i * 37) % 1095 end as issued,
              gst_types, it_types, compliance_types, subjects, asks
       from params, generate_series(cast(:from as int), cast(:to as int)) as i
     ), typed as (
       select *, case department when 'GST' then gst_types[1 + (i / 3) % cardinality(gst_types)]
                                 when 'INCOME_TAX' then it_types[1 + (i / 3) % cardinality(it_types)]
                                 else compliance_types[1 + (i / 3) % cardinality(compliance_types)] end as notice_type
       from generated
     )
     insert into notices (external_id, workspace_id, client_id, department, notice_type, reference, description, priority, status,
                          date_of_issuance, due_date, tax_period, amount_paise, assigned_to, source, created_by, created_at, updated_at)
     select gen_random_uuid(), :workspaceId, client_id, department, notice_type,
            case department when 'GST' then 'ZD27' || lpad(cast(i as text), 9, '0') || 'K'
                            when 'INCOME_TAX' then 'ITBA/AST/S/' || (1000000000 + i)
                            else 'ROC/ADJ/' || i end,
            subjects[1 + i % cardinality(subjects)] || '. ' || asks[1 + (i / 11) % cardinality(asks)],
            priority, status, issued,
            case when i % 20 = 0 or issued is null then null else issued + 15 + i % 30 end,
            'FY ' || (2022 + i % 3) || '-' || (23 + i % 3),
            case when notice_type in ('DRC-01', 'Section 156') then (cast(i as bigint) * 7919) % 500000000 else null end,
            :ownerId, case when i % 3 = 0 then 'IMPORT' else 'MANUAL' end, :ownerId,
            coalesce(issued, date '2023-04-01') + interval '10 hours', coalesce(issued, date '2023-04-01') + interval '10 hours'
     from typed`,
    {
      workspaceId,
      ownerId,
      gstTypes: NOTICE_TYPES.GST,
      itTypes: NOTICE_TYPES.INCOME_TAX,
      complianceTypes: NOTICE_TYPES.COMPLIANCE,
      subjects: SUBJECTS,
      asks: ASKS,
      departments: DEPARTMENTS,
      statuses: STATUSES,
      priorities: PRIORITIES,
      clientIds,
      from,
      to,
    },
  );
  const allVisible = await vacuumUntilAllVisible(knex, 'notices');
  console.log(JSON.stringify({ figure: 'notices pages marked all-visible', share: round(allVisible, 3) }));
  // The insert's dirty pages written out now, not while the requests are timed.
  await knex.raw('checkpoint');
}

/** How many queries a request made, and its notices queries as PostgreSQL planned and ran them. */
async function plansOf(knex: Knex, request: () => Promise<unknown>): Promise<{ queries: number; plans: string[] }> {
  const seen: { sql: string; bindings: unknown[] }[] = [];
  let queries = 0;
  const listen = (query: { sql: string; bindings?: unknown[] }) => {
    queries += 1;
    if (/from "notices"/.test(query.sql) && !query.sql.startsWith('explain')) seen.push({ sql: query.sql, bindings: query.bindings ?? [] });
  };
  knex.on('query', listen);
  try {
    await request();
  } finally {
    knex.off('query', listen);
  }
  const plans: string[] = [];
  for (const { sql, bindings } of seen) {
    const { rows } = await knex.raw(`explain (analyze, buffers) ${sql.replace(/\$\d+/g, '?')}`, bindings as Knex.RawBinding[]);
    plans.push((rows as { 'QUERY PLAN': string }[]).map((row) => row['QUERY PLAN']).join('\n'));
  }
  return { queries, plans };
}

async function measure(running: RunningHost, session: BenchSession, notices: number): Promise<void> {
  const send = oneConnection(running.baseUrl, session);
  const listPath = `/api/v1/${NOTICES_ROUTES.list}`;
  const listPage = (page: number): Timed => ({
    method: 'POST',
    path: listPath,
    body: {
      workspaceId: session.workspaceId,
      page,
      ...DEFAULT_NOTICE_SORT,
      noticeType: DEFAULT_NOTICE_FILTERS.departments.join(','),
      status: DEFAULT_NOTICE_FILTERS.statuses.join(','),
    },
  });
  const pageOf = async (page: number) => JSON.parse((await send('POST', listPath, listPage(page).body)).text) as NoticePage;
  const { pagination } = await pageOf(1);
  const deep = await pageOf(DEEP_PAGE);
  // Below 500 pages (10,000 notices match 1,500 times) page 500 is past the end, so the last page is timed too.
  const lastPage = pagination.totalPages;
  const pages = lastPage < DEEP_PAGE ? [1, DEEP_PAGE, lastPage] : [1, DEEP_PAGE];
  const answered =
    ({ method, path, body }: Timed) =>
    async () => {
      const { status, text } = await send(method, path, body);
      if (status !== 200) throw new Error(`${method} ${path} answered ${status}: ${text}`);
    };
  const [authStatus, firstPage, ...deeper] = await timedInTurn(
    [{ method: 'GET' as const, path: '/auth/status' }, ...pages.map(listPage)].map(answered),
  );
  console.log(JSON.stringify({ notices, figure: 'GET auth/status', p50Ms: authStatus!.p50, p95Ms: authStatus!.p95 }));
  const firstFactor = firstPage!.p95 / authStatus!.p95;
  console.log(
    JSON.stringify({
      notices,
      figure: 'POST notices/list, default filters, page 1',
      p50Ms: firstPage!.p50,
      p95Ms: firstPage!.p95,
      total: pagination.total,
      totalPages: pagination.totalPages,
      totalIsEstimate: pagination.estimated,
      p95FactorOfAuthStatus: round(firstFactor, 2),
      meetsTarget: firstFactor <= TARGET_FIRST_PAGE_FACTOR,
    }),
  );
  for (const [index, timing] of deeper.entries()) {
    const page = pages[index + 1]!;
    const factor = timing.p95 / firstPage!.p95;
    console.log(
      JSON.stringify({
        notices,
        figure: `POST notices/list, default filters, page ${page}${page === DEEP_PAGE ? '' : ' (the last)'}`,
        rows: page === DEEP_PAGE ? deep.data.length : undefined,
        p50Ms: timing.p50,
        p95Ms: timing.p95,
        p95FactorOfPage1: round(factor, 2),
        meetsTarget: factor <= TARGET_DEEP_PAGE_FACTOR,
      }),
    );
  }

  for (const page of [1, Math.min(DEEP_PAGE, Math.max(lastPage, 1))]) {
    const { queries, plans } = await plansOf(running.host.knex, () => send('POST', listPath, listPage(page).body));
    console.log(`-- ${queries} queries; plans of the notices ones, ${notices} notices, page ${page}\n${plans.join('\n\n')}`);
  }
}

async function main(running: RunningHost): Promise<void> {
  const session = await benchSession(running.baseUrl);
  const { knex } = running.host;
  const { workspaceId, ownerId } = await workspaceRowsOf(knex, session.workspaceId);
  const clientIds = await seedClients(knex, session, workspaceId);
  let seeded = 0;
  for (const size of SIZES) {
    const seeding = performance.now();
    await seedNotices(knex, workspaceId, ownerId, clientIds, seeded + 1, size);
    seeded = size;
    console.log(JSON.stringify({ figure: `seeding ${size.toLocaleString('en-US')} notices`, seconds: round((performance.now() - seeding) / 1000) }));
    await measure(running, session, size);
  }
}

runBench(main);
