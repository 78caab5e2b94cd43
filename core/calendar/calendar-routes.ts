import express, { type Router } from 'express';
import type { Container } from 'inversify';
import { askingMemberOf } from '../extensions/member-context';
import { parseBody } from '../platform/http';
import { membershipGuard, sessionGuard } from '../workspaces/access';
import { calendarQuerySchema } from './calendar-schemas';
import { CalendarService } from './calendar-service';

/** `{app}/api/v1/calendar?workspaceId&from&to`: every member may read; each source decides what the member sees. */
export function calendarRoutes(container: Container): Router {
  const calendar = container.get(CalendarService);
  const askingMember = askingMemberOf(container);
  const router = express.Router();

  router.get('/calendar', sessionGuard, membershipGuard, async (req, res) => {
    const range = parseBody(calendarQuerySchema, req.query);
    res.json(await calendar.items(askingMember(req), range));
  });

  return router;
}
