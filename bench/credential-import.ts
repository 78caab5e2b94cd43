/**
 * Bulk credential import: 10,000 rows posted to `clients/credentials/import`, half for clients the workspace already
 * has (their credential is added) and half for new PANs (the client is created with it), timed from the request
 * until the import's status reads completed. Runs against its own database; prints one JSON line. Target in bench/README.md.
 */
import 'reflect-metadata';
import { setTimeout as delay } from 'node:timers/promises';
import { ClientService } from '../core/clients/client-service';
import { Client } from '../core/clients/models';
import { STRONG_PASSWORD } from '../core/plugin-api/testing/http';
import type { RunningHost } from '../core/plugin-api/testing/test-host';
import { benchSession, workspaceRowsOf } from './bench-session';
import { runBench } from './run-bench';

const ROWS = 10_000;
const EXISTING_CLIENTS = ROWS / 2;
const ROWS_PER_INSERT = 1000;
const TARGET_SECONDS = 30;

const panOf = (index: number) => `CRDPK${String(index).padStart(4, '0')}${'ABCDEFGHIJ'[Math.floor(index / 1_000)]}`;
const phoneOf = (index: number) => `97${String(index).padStart(8, '0')}`;

function importRow(index: number): Record<string, string> {
  return {
    email: `holder.${index}@credentials.example`,
    platform: index % 2 ? 'GST' : 'Income Tax',
    username: `portal-user-${index}`,
    password: `Portal#Secret${index}`,
    name: `Credential Holder ${index}`,
    phone: phoneOf(index),
    panNumber: panOf(index),
  };
}

async function main(running: RunningHost): Promise<void> {
  const session = await benchSession(running.baseUrl);
  const { knex, container } = running.host;
  const { workspaceId, ownerId } = await workspaceRowsOf(knex, session.workspaceId);
  const clients = container.get(ClientService);
  for (let start = 0; start < EXISTING_CLIENTS; start += ROWS_PER_INSERT) {
    await Client.query().insert(
      Array.from({ length: ROWS_PER_INSERT }, (_, offset) => start + offset).map((index) =>
        clients.recordOf(
          workspaceId,
          {
            clientType: 'INDIVIDUAL',
            name: `Credential Holder ${index}`,
            email: `holder.${index}@credentials.example`,
            phone: phoneOf(index),
            panNumber: panOf(index),
            tan: null,
            industry: null,
            residentialAddress: `${index}, Station Road, Surat - 395003`,
            aadhaarNumber: `4${String(index).padStart(11, '0')}`,
            dateOfBirth: null,
            occupation: null,
          },
          ownerId,
        ),
      ),
    );
  }

  const rows = Array.from({ length: ROWS }, (_, index) => importRow(index));
  const stepUp = await session.request('/api/v1/me/step-up', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ password: STRONG_PASSWORD }),
  });
  if (stepUp.status !== 200) throw new Error(`step-up answered ${stepUp.status}`);
  const started = performance.now();
  const response = await session.request(`/api/v1/clients/credentials/import?workspaceId=${session.workspaceId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ rows }),
  });
  const accepted = await response.json();
  if (response.status !== 202) throw new Error(`credential import answered ${response.status}: ${JSON.stringify(accepted).slice(0, 500)}`);
  for (;;) {
    const progress = await session.request(`/api/v1/clients/credentials/import/${accepted.importId}?workspaceId=${session.workspaceId}`);
    const state = await progress.json();
    if (state.status === 'completed' || state.status === 'failed') {
      const outcomes: Record<string, number> = {};
      for (const result of state.results as { outcome: string }[]) outcomes[result.outcome] = (outcomes[result.outcome] ?? 0) + 1;
      console.log(
        JSON.stringify({
          figure: 'bulk credential import, 10,000 rows, request to completed',
          seconds: +((performance.now() - started) / 1000).toFixed(2),
          status: state.status,
          outcomes,
          targetSeconds: TARGET_SECONDS,
        }),
      );
      return;
    }
    await delay(100);
  }
}

runBench(main);
