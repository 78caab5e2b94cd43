import express, { type Request, type Router } from 'express';
import type { Container } from 'inversify';
import { requireStepUp, stepUpGuard } from '../auth/step-up';
import { badRequest, HttpError, notFound } from '../platform/errors';
import { externalIdParam, parseBody, requireMembership, requireUser } from '../platform/http';
import { readLargeBody, type LargeBodyRoute } from '../platform/request-body';
import { TOKENS } from '../platform/tokens';
import { membershipGuard, permissionGuard, sessionGuard } from '../workspaces/access';
import type { PermissionService } from '../workspaces/permissions';
import { bulkImportTemplate, readClientCsv } from './client-csv';
import type { ClientDirectory } from './client-directory';
import type { ClientScope } from './client-scope';
import { CLIENT_NOT_FOUND, ClientService } from './client-service';
import { CREDENTIAL_IMPORT_MESSAGES, credentialImportRequestSchema, MAX_CREDENTIAL_IMPORT_ROWS } from './credential-import-rows';
import { CredentialImportService, IMPORT_NOT_FOUND } from './credential-import-service';
import { CREDENTIALS_NOT_FOUND, CredentialService } from './credential-service';
import {
  clientInputSchema,
  clientListQuerySchema,
  clientPatchSchemas,
  credentialInputSchema,
  deleteClientSchema,
  noteInputSchema,
  PLATFORMS,
  type ClientType,
  type Platform,
} from './schemas';
import { singleFileUpload } from './upload';

/** A file with thousands of bad rows would make an answer nobody reads; the count in `error` stays exact. */
const MAX_LISTED_ROW_ERRORS = 100;

const clientIdOf = (req: Request) => externalIdParam(req, 'clientId', CLIENT_NOT_FOUND);

function platformOf(req: Request): Platform {
  const platform = PLATFORMS.find((known) => known === req.params.platformName);
  if (!platform) throw notFound(CREDENTIALS_NOT_FOUND);
  return platform;
}

/** `3 rows have errors`: every failing row counted, though at most MAX_LISTED_ROW_ERRORS are listed. */
function rowErrorsAnswer(rowErrors: { row: number }[]) {
  const failedRows = new Set(rowErrors.map((error) => error.row)).size;
  return { error: `${failedRows} ${failedRows === 1 ? 'row has' : 'rows have'} errors`, rowErrors: rowErrors.slice(0, MAX_LISTED_ROW_ERRORS) };
}

function clientTypeIn(body: unknown): unknown {
  return typeof body === 'object' && body !== null && 'clientType' in body ? body.clientType : undefined;
}

/**
 * A credential import carries up to MAX_CREDENTIAL_IMPORT_ROWS rows of up to ~1 KB each, and a bulk upload a CSV file
 * of up to 5 MB (its multipart reader keeps that limit itself): more than the general body limit, so each is read only
 * once the caller has passed every gate, with the workspace named in the query. Paths are under the app's base path.
 */
export const clientLargeBodyRoutes: LargeBodyRoute[] = [
  { method: 'post', path: '/api/v1/clients/credentials/import', limit: '12mb' },
  { method: 'post', path: '/api/v1/clients/bulk-upload', limit: '6mb' },
];

/** `{app}/api/v1/clients...`: clients, their notes and portal credentials, and the bulk import (spec 1 section 7). */
export function clientRoutes(container: Container): Router {
  const clients = container.get(ClientService);
  const credentials = container.get(CredentialService);
  const credentialImports = container.get(CredentialImportService);
  const directory = container.get<ClientDirectory>(TOKENS.Clients);
  const permissions = container.get<PermissionService>(TOKENS.Permissions);
  const allow = (permission: string) => permissionGuard(permissions, permission);
  const member = [sessionGuard, membershipGuard];
  const manager = [...member, allow('manage_clients')];
  /** Staff see every client; a CLIENT member only those they are linked to, on every route that lists or shows clients. */
  const scopeOf = (req: Request): Promise<ClientScope> => {
    const { workspace, role } = requireMembership(req);
    return directory.clientsOfMember(workspace.id, { role, userId: requireUser(req).id });
  };
  /** A client's secrets: the client is looked up first, so a record of another workspace is 404 whatever the step-up. */
  const steppedUpFor = async (req: Request): Promise<string> => {
    const clientId = clientIdOf(req);
    await clients.find(requireMembership(req).workspace.id, clientId);
    requireStepUp(req);
    return clientId;
  };
  const router = express.Router();

  router.get('/clients', ...member, async (req, res) => {
    const query = parseBody(clientListQuerySchema, req.query);
    res.json(await clients.list(requireMembership(req).workspace.id, await scopeOf(req), query));
  });

  router.post('/clients', ...manager, async (req, res) => {
    const input = parseBody(clientInputSchema, req.body);
    res.status(201).json(await clients.create(requireMembership(req), input, requireUser(req)));
  });

  // Named before `/clients/:clientId`, which would otherwise take these segments for a client id.
  router.get('/clients/credentials-status', ...member, async (req, res) => {
    res.json({ status: await credentials.statusByClient(requireMembership(req).workspace.id, await scopeOf(req)) });
  });

  // The file (up to 5 MB) is read only once the caller has passed every gate, so the workspace is named in the query.
  router.post('/clients/bulk-upload', ...manager, singleFileUpload, async (req, res) => {
    if (!req.uploadedFile) throw badRequest('No file selected');
    const { rows, rowErrors } = readClientCsv(req.uploadedFile);
    const result = await clients.importClients(requireMembership(req), rows, rowErrors, requireUser(req));
    if ('created' in result) {
      res.status(201).json(result);
      return;
    }
    res.status(400).json(rowErrorsAnswer(result.rowErrors));
  });

  // The browser has read the csv/xlsx file and sends its valid rows; they are checked again here, then imported by a job.
  router.post('/clients/credentials/import', ...manager, stepUpGuard, readLargeBody, async (req, res) => {
    const { received, rows, refusedRows, rowErrors } = parseBody(credentialImportRequestSchema, req.body);
    if (received > MAX_CREDENTIAL_IMPORT_ROWS) throw new HttpError(413, CREDENTIAL_IMPORT_MESSAGES.tooManyRows);
    if (!received) throw badRequest(CREDENTIAL_IMPORT_MESSAGES.noRows);
    // As spec 5.6 has it, invalid rows are skipped (the import reports each with its number) unless no valid row remains.
    if (!rows.length) {
      res.status(400).json(rowErrorsAnswer(rowErrors));
      return;
    }
    res.status(202).json(await credentialImports.request(requireMembership(req), rows, refusedRows, requireUser(req)));
  });

  router.get('/clients/credentials/import/:importId', ...manager, async (req, res) => {
    res.json(await credentialImports.view(requireMembership(req).workspace.id, externalIdParam(req, 'importId', IMPORT_NOT_FOUND)));
  });

  router.get('/clients/:clientId', ...member, async (req, res) => {
    const clientId = clientIdOf(req);
    res.json({ client: await clients.detail(requireMembership(req).workspace.id, await scopeOf(req), clientId) });
  });

  router.patch('/clients/:clientId', ...manager, async (req, res) => {
    const clientId = clientIdOf(req);
    const parsePatch = (clientType: ClientType) => {
      const requestedType = clientTypeIn(req.body);
      if (requestedType !== undefined && requestedType !== clientType) throw badRequest('Client type cannot be changed');
      return parseBody(clientPatchSchemas[clientType], req.body);
    };
    res.json(await clients.update(requireMembership(req), clientId, parsePatch, requireUser(req)));
  });

  router.delete('/clients/:clientId', ...manager, async (req, res) => {
    const clientId = clientIdOf(req);
    const { confirmation } = parseBody(deleteClientSchema, req.body);
    await clients.delete(requireMembership(req), clientId, confirmation, requireUser(req), container);
    res.json({ message: 'Client deleted successfully' });
  });

  router.get('/clients/:clientId/aadhaar', ...manager, async (req, res) => {
    const clientId = await steppedUpFor(req);
    res.json(await clients.revealAadhaar(requireMembership(req), clientId, requireUser(req)));
  });

  router.get('/clients/:clientId/notes', ...member, allow('view_client_notes'), async (req, res) => {
    res.json({ data: await clients.notes(requireMembership(req).workspace.id, clientIdOf(req)) });
  });

  router.post('/clients/:clientId/notes', ...member, allow('add_client_notes'), async (req, res) => {
    const clientId = clientIdOf(req);
    const { content } = parseBody(noteInputSchema, req.body);
    res.status(201).json({ note: await clients.addNote(requireMembership(req), clientId, content, requireUser(req)) });
  });

  router.get('/clients/:clientId/credentials', ...member, allow('view_client_credentials'), async (req, res) => {
    const membership = requireMembership(req);
    const showUsernames = permissions.can(membership.role, 'manage_clients');
    res.json({ credentials: await credentials.list(membership.workspace.id, clientIdOf(req), showUsernames) });
  });

  router.post('/clients/:clientId/credentials', ...manager, async (req, res) => {
    const credential = parseBody(credentialInputSchema, req.body);
    const clientId = await steppedUpFor(req);
    res.status(201).json({ credential: await credentials.save(requireMembership(req), clientId, credential, requireUser(req)) });
  });

  router.get('/clients/:clientId/credentials/:platformName/reveal', ...manager, async (req, res) => {
    const clientId = await steppedUpFor(req);
    res.json(await credentials.reveal(requireMembership(req), clientId, platformOf(req), requireUser(req)));
  });

  return router;
}

/** `{app}/templates/bulk-client-import.csv`: the bulk client import template, a plain link (spec 1 section 2.1). */
export function clientTemplateRoutes(): Router {
  const router = express.Router();
  const template = bulkImportTemplate();
  router.get('/templates/bulk-client-import.csv', (_req, res) => {
    res.type('text/csv').attachment('bulk-client-import.csv').send(template);
  });
  return router;
}
