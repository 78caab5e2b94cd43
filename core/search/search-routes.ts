import express, { type Router } from 'express';
import type { Container } from 'inversify';
import { askingMemberOf } from '../extensions/member-context';
import { parseBody } from '../platform/http';
import { membershipGuard, sessionGuard } from '../workspaces/access';
import { searchQuerySchema } from './search-schemas';
import { SearchService } from './search-service';

/** `{app}/api/v1/search?workspaceId&q&limit`: the global search; every member may search, each provider decides what they see. */
export function searchRoutes(container: Container): Router {
  const search = container.get(SearchService);
  const askingMember = askingMemberOf(container);
  const router = express.Router();

  router.get('/search', sessionGuard, membershipGuard, async (req, res) => {
    const query = parseBody(searchQuerySchema, req.query);
    res.json(await search.search(askingMember(req), query));
  });

  return router;
}
