/**
 * Clients list search: 100,000 clients in one workspace, then 50 connections for 10 s against
 * `GET clients?search=<term>&limit=25` with a signed-in session, for a common name and a single PAN.
 * Runs against its own database; prints one JSON line per figure. Targets in bench/README.md.
 */
import 'reflect-metadata';
import { ClientService } from '../core/clients/client-service';
import { Client } from '../core/clients/models';
import type { ClientInput } from '../core/clients/schemas';
import type { RunningHost } from '../core/plugin-api/testing/test-host';
import { benchSession, workspaceRowsOf } from './bench-session';
import { autocannon } from './measure';
import { runBench } from './run-bench';
import { SURNAMES, TRADES } from './business-names';

const CLIENTS = 100_000;
const ROWS_PER_INSERT = 1000;
const TARGET_P99_MS = 25;
const FIRST_NAMES = [
  'Aarav',
  'Priya',
  'Rohan',
  'Ananya',
  'Vikram',
  'Meera',
  'Arjun',
  'Kavya',
  'Siddharth',
  'Neha',
  'Rahul',
  'Divya',
  'Karan',
  'Pooja',
  'Aditya',
  'Sneha',
];

/** Client `index`: one in five a person (with a sealed Aadhaar number), the others firms; PAN, email and phone unique. */
function clientInput(index: number): ClientInput {
  const serial = String(index).padStart(5, '0');
  const surname = SURNAMES[index % SURNAMES.length];
  // Four digits number 10,000 PANs; the first letter tells the blocks of 10,000 apart, the fourth the holder's kind.
  const panOf = (holder: string) => `${'ABCDEFGHIJ'[Math.floor(index / 10_000)]}QX${holder}K${String(index % 10_000).padStart(4, '0')}Z`;
  const common = { email: `client.${serial}@search.example`, phone: `9${String(index).padStart(9, '0')}`, tan: null, industry: null };
  if (index % 5 === 0) {
    return {
      ...common,
      clientType: 'INDIVIDUAL',
      name: `${FIRST_NAMES[index % FIRST_NAMES.length]} ${surname}`,
      panNumber: panOf('P'),
      residentialAddress: `${index}, Temple Street, Chennai - 600004`,
      aadhaarNumber: `3${String(index).padStart(11, '0')}`,
      dateOfBirth: null,
      occupation: null,
    };
  }
  return {
    ...common,
    clientType: 'BUSINESS',
    name: `${surname} ${TRADES[index % TRADES.length]} ${serial}`,
    panNumber: panOf('C'),
    gstin: null,
    contactPerson: null,
    businessAddress: `${index}, Industrial Estate, Pune - 411019`,
  };
}

async function main(running: RunningHost): Promise<void> {
  const session = await benchSession(running.baseUrl);
  const { knex, container } = running.host;
  const { workspaceId, ownerId } = await workspaceRowsOf(knex, session.workspaceId);
  const clients = container.get(ClientService);

  const seeding = performance.now();
  for (let start = 0; start < CLIENTS; start += ROWS_PER_INSERT) {
    await Client.query().insert(
      Array.from({ length: ROWS_PER_INSERT }, (_, offset) => clients.recordOf(workspaceId, clientInput(start + offset), ownerId)),
    );
  }
  await knex.raw('analyze clients');
  console.log(JSON.stringify({ figure: 'seeding 100,000 clients', seconds: +((performance.now() - seeding) / 1000).toFixed(1) }));

  for (const [label, term] of [
    ['common surname', 'sharma'],
    ['one PAN', clientInput(54_321).panNumber.toLowerCase()],
  ]) {
    const url = `${running.baseUrl}/axal/api/v1/clients?workspaceId=${session.workspaceId}&search=${encodeURIComponent(term)}&limit=25`;
    const probe = await fetch(url, { headers: { cookie: session.cookie } });
    const { clients: page } = await probe.json();
    if (probe.status !== 200) throw new Error(`search answered ${probe.status}`);
    const result = await autocannon(url, session.cookie, { seconds: 10 });
    console.log(
      JSON.stringify({
        figure: `clients search p99, ${label} ("${term}")`,
        p99Ms: result.latency.p99,
        p50Ms: result.latency.p50,
        requestsPerSecond: result.requests.average,
        non2xx: result.non2xx,
        firstPageSize: page.length,
        targetP99Ms: TARGET_P99_MS,
      }),
    );
    // autocannon stops its clock with requests still queued in the server; this one waits behind them.
    await fetch(url, { headers: { cookie: session.cookie } });
  }
}

runBench(main);
