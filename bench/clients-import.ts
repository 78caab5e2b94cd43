/**
 * Bulk client import: a valid 10,000-row CSV (half businesses, half individuals) posted to `clients/bulk-upload`,
 * timed from the request to the 201 answer. Runs against its own database; prints one JSON line. Target in bench/README.md.
 */
import 'reflect-metadata';
import Papa from 'papaparse';
import { gstinCheckCharacter } from '../core/clients/gstin';
import { BULK_IMPORT_COLUMNS } from '../core/clients/schemas';
import type { RunningHost } from '../core/plugin-api/testing/test-host';
import { benchSession } from './bench-session';
import { runBench } from './run-bench';

const ROWS = 10_000;
const TARGET_SECONDS = 10;

/** Row `index` of the file: every PAN, GSTIN, email and phone number in it is valid and unique. */
function clientRow(index: number): Record<string, string> {
  const serial = String(index).padStart(4, '0');
  const common = { name: `Bench Client ${serial}`, email: `client.${serial}@bench.example`, phone: `98${String(index).padStart(8, '0')}` };
  if (index % 2) {
    const panNumber = `BNCCK${serial}Z`;
    const gstinBody = `27${panNumber}1Z`;
    return {
      ...common,
      clientType: 'BUSINESS',
      panNumber,
      gstin: `${gstinBody}${gstinCheckCharacter(gstinBody)}`,
      contactPerson: 'Anil Desai',
      businessAddress: `${index}, MG Road, Pune - 411001`,
      industry: 'Manufacturing',
    };
  }
  return {
    ...common,
    clientType: 'INDIVIDUAL',
    panNumber: `BNCPK${serial}Z`,
    aadhaarNumber: `2${String(index).padStart(11, '0')}`,
    dateOfBirth: '1980-01-15',
    residentialAddress: `Flat ${index}, Shanti Niwas, Nashik - 422001`,
    occupation: 'Consultant',
  };
}

async function main(running: RunningHost): Promise<void> {
  const csv = Papa.unparse({
    fields: BULK_IMPORT_COLUMNS.map(([column]) => column),
    data: Array.from({ length: ROWS }, (_, index) => {
      const row = clientRow(index);
      return BULK_IMPORT_COLUMNS.map(([, field]) => row[field] ?? '');
    }),
  });
  const session = await benchSession(running.baseUrl);
  const form = new FormData();
  form.set('file', new Blob([csv], { type: 'text/csv' }), 'clients.csv');
  const started = performance.now();
  const response = await session.request(`/api/v1/clients/bulk-upload?workspaceId=${session.workspaceId}`, { method: 'POST', body: form });
  const answer = await response.json();
  const seconds = (performance.now() - started) / 1000;
  if (response.status !== 201) throw new Error(`bulk upload answered ${response.status}: ${JSON.stringify(answer).slice(0, 500)}`);
  console.log(
    JSON.stringify({
      figure: 'bulk client import, 10,000 rows, end to end',
      seconds: +seconds.toFixed(2),
      created: answer.created,
      csvBytes: Buffer.byteLength(csv),
      targetSeconds: TARGET_SECONDS,
    }),
  );
}

runBench(main);
