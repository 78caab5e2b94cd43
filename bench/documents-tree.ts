/**
 * Documents tree: 20,000 documents in 500 folders of one workspace (20 client folders of 24 year folders, 41 or 42
 * files in each year folder), then `GET documents/tree` one request at a time with a signed-in session: the root as the directory browser
 * opens it, one folder of 40 files, and the whole tree at once. Runs against its own database and an in-memory storage
 * emulator; prints one JSON line per figure. Targets in bench/README.md.
 */
import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import type { RunningHost } from '../core/plugin-api/testing/test-host';
import { benchSession, workspaceRowsOf } from './bench-session';
import { percentile, round } from './measure';
import { runBench } from './run-bench';

const CLIENT_FOLDERS = 20;
const YEAR_FOLDERS = 24;
const DOCUMENTS = 20_000;
const ROWS_PER_INSERT = 1000;
const WARM_UP = 20;
const SAMPLES = 300;
const TARGET_P95_MS = 100;

async function sample(request: () => Promise<Response>): Promise<{ p50: number; p95: number; p99: number; bytes: number }> {
  let bytes = 0;
  for (let index = 0; index < WARM_UP; index += 1) await (await request()).arrayBuffer();
  const timings: number[] = [];
  for (let index = 0; index < SAMPLES; index += 1) {
    const started = performance.now();
    const response = await request();
    const body = await response.arrayBuffer();
    timings.push(performance.now() - started);
    if (response.status !== 200) throw new Error(`tree answered ${response.status}: ${Buffer.from(body).toString()}`);
    bytes = body.byteLength;
  }
  timings.sort((left, right) => left - right);
  return { p50: round(percentile(timings, 0.5)), p95: round(percentile(timings, 0.95)), p99: round(percentile(timings, 0.99)), bytes };
}

async function main(running: RunningHost): Promise<void> {
  const session = await benchSession(running.baseUrl);
  const { knex } = running.host;
  const { workspaceId, ownerId } = await workspaceRowsOf(knex, session.workspaceId);

  const seeding = performance.now();
  const folders: string[] = [];
  for (let client = 0; client < CLIENT_FOLDERS; client += 1) {
    const top = `Client-${String(client).padStart(2, '0')}`;
    folders.push(top, ...Array.from({ length: YEAR_FOLDERS }, (_, year) => `${top}/Year-${2001 + year}`));
  }
  await knex('documents_folders').insert(folders.map((path) => ({ workspace_id: workspaceId, path, created_by: ownerId })));
  const leaves = folders.filter((path) => path.includes('/'));
  for (let start = 0; start < DOCUMENTS; start += ROWS_PER_INSERT) {
    await knex('documents').insert(
      Array.from({ length: ROWS_PER_INSERT }, (_, offset) => {
        const index = start + offset;
        return {
          external_id: randomUUID(),
          workspace_id: workspaceId,
          file_key: `${session.workspaceId}/${randomUUID()}`,
          filename: `Statement ${String(Math.floor(index / leaves.length)).padStart(2, '0')}.pdf`,
          mime_type: 'application/pdf',
          size: 20_000 + (index % 97) * 101,
          directory: leaves[index % leaves.length],
          uploaded_by: ownerId,
        };
      }),
    );
  }
  await knex.raw('analyze documents, documents_folders');
  const [{ count }] = await knex('documents').where({ workspace_id: workspaceId }).count({ count: '*' });
  console.log(
    JSON.stringify({
      figure: 'seeding',
      documents: Number(count),
      folders: folders.length,
      seconds: +((performance.now() - seeding) / 1000).toFixed(1),
    }),
  );

  const tree = (query: string) => () => session.request(`/api/v1/documents/tree?workspaceId=${session.workspaceId}${query}`);
  for (const [label, query] of [
    ['root (20 folders)', ''],
    ['one folder of 42 files', '&path=Client-00/Year-2001'],
    ['the whole tree (500 folders, 20,000 files)', '&depth=3'],
  ]) {
    const result = await sample(tree(query));
    console.log(
      JSON.stringify({
        figure: `documents/tree p95, ${label}`,
        p95Ms: result.p95,
        p50Ms: result.p50,
        p99Ms: result.p99,
        responseBytes: result.bytes,
        samples: SAMPLES,
        targetP95Ms: TARGET_P95_MS,
      }),
    );
  }
}

runBench(main);
