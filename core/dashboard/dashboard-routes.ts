import express, { type Router } from 'express';
import type { Container } from 'inversify';
import { askingMemberOf } from '../extensions/member-context';
import { membershipGuard, sessionGuard } from '../workspaces/access';
import { DashboardService } from './dashboard-service';

/** `{app}/api/v1/dashboard/...?workspaceId=` (spec 1 section 7): every member may read; each provider decides what the member sees. */
export function dashboardRoutes(container: Container): Router {
  const dashboard = container.get(DashboardService);
  const askingMember = askingMemberOf(container);
  const router = express.Router();
  const member = [sessionGuard, membershipGuard];

  router.get('/dashboard/stats', ...member, async (req, res) => {
    res.json(await dashboard.stats(askingMember(req)));
  });

  router.get('/dashboard/recent', ...member, async (req, res) => {
    res.json(await dashboard.recent(askingMember(req)));
  });

  router.get('/dashboard/graphs', ...member, async (req, res) => {
    res.json(await dashboard.graphs(askingMember(req)));
  });

  return router;
}
