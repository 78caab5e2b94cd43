/**
 * What one web process on this machine answers at 50 connections for requests that do less and less: no session
 * (`/healthz`), a session read (`auth/status`), a session with the user and membership checks (`workspaces/{id}/role`),
 * and the clients search on top. It puts the clients search figure beside the floor the stack itself sets here.
 * Prints one JSON line per route. Figures in bench/README.md.
 */
import 'reflect-metadata';
import type { RunningHost } from '../core/plugin-api/testing/test-host';
import { benchSession } from './bench-session';
import { autocannon } from './measure';
import { runBench } from './run-bench';

async function main(running: RunningHost): Promise<void> {
  const session = await benchSession(running.baseUrl);
  const routes: [string, string][] = [
    ['no session: GET /healthz', '/healthz'],
    ['session read: GET auth/status', '/axal/auth/status'],
    ['session, user and membership: GET workspaces/{id}/role', `/axal/api/v1/workspaces/${session.workspaceId}/role`],
    ['clients search, empty workspace: GET clients?search=sharma', `/axal/api/v1/clients?workspaceId=${session.workspaceId}&search=sharma&limit=25`],
  ];
  for (const [label, route] of routes) {
    const result = await autocannon(`${running.baseUrl}${route}`, session.cookie, { seconds: 8 });
    console.log(
      JSON.stringify({
        figure: label,
        p50Ms: result.latency.p50,
        p99Ms: result.latency.p99,
        requestsPerSecond: result.requests.average,
        non2xx: result.non2xx,
      }),
    );
  }
}

runBench(main);
