import express, { type Request, type Router } from 'express';
import type { Container } from 'inversify';
import { confirmAccountPassword } from '../auth/account-password';
import { LoginThrottle } from '../auth/login-throttle';
import type { Config } from '../platform/config';
import { badRequest, HttpError } from '../platform/errors';
import { externalIdParam, parseBody, requireMembership, requireUser } from '../platform/http';
import type { RedisClient } from '../platform/redis';
import { TOKENS } from '../platform/tokens';
import { membershipGuard, permissionGuard, sessionGuard } from '../workspaces/access';
import type { PermissionService } from '../workspaces/permissions';
import { bulkImportTemplate, readClientCsv } from './client-csv';
import { CLIENT_NOT_FOUND, ClientService } from './client-service';
import {
  checkCredentialImportRows,
  CREDENTIAL_IMPORT_MESSAGES,
  credentialImportRequestSchema,
  MAX_CREDENTIAL_IMPORT_ROWS,
} from './credential-import-rows';
import { CredentialImportService, IMPORT_NOT_FOUND } from './credential-import-service';
import { CredentialService } from './credential-service';
import {
  clientInputSchema,
  clientListQuerySchema,
  clientPatchSchemas,
  credentialInputSchema,
  deleteClientSchema,
  noteInputSchema,
  type ClientType,
} from './schemas';
import { singleFileUpload } from './upload';

/** A file with thousands of bad rows would make an answer nobody reads; the count in `error` stays exact. */
const MAX_LISTED_ROW_ERRORS = 100;

const clientIdOf = (req: Request) => externalIdParam(req, 'clientId', CLIENT_NOT_FOUND);

/** `3 rows have errors`: every failing row counted, though at most MAX_LISTED_ROW_ERRORS are listed. */
function rowErrorsAnswer(rowErrors: { row: number }[]) {
  const failedRows = new Set(rowErrors.map((error) => error.row)).size;
  return { error: `${failedRows} ${failedRows === 1 ? 'row has' : 'rows have'} errors`, rowErrors: rowErrors.slice(0, MAX_LISTED_ROW_ERRORS) };
}

function clientTypeIn(body: unknown): unknown {
  return typeof body === 'object' && body !== null && 'clientType' in body ? body.clientType : undefined;
}

/**
 * A credential import carries up to MAX_CREDENTIAL_IMPORT_ROWS rows of up to ~1 KB each, more than the general
 * JSON limit allows; paths are relative to the app's base path.
 */
export const largeJsonBodyRoutes = [{ path: '/api/v1/clients/credentials/import', limit: '12mb' }] as const;

/** `{app}/api/v1/clients...`: clients, their notes and portal credentials, and the bulk import (spec 1 section 7). */
export function clientRoutes(container: Container): Router {
  const clients = container.get(ClientService);
  const credentials = container.get(CredentialService);
  const credentialImports = container.get(CredentialImportService);
  const permissions = container.get<PermissionService>(TOKENS.Permissions);
  const config = container.get<Config>(TOKENS.Config);
  const throttle = new LoginThrottle(container.get<RedisClient>(TOKENS.Redis), config.redisKeyPrefix);
  const allow = (permission: string) => permissionGuard(permissions, permission);
  const member = [sessionGuard, membershipGuard];
  const manager = [...member, allow('manage_clients')];
  const router = express.Router();

  router.get('/clients', ...member, async (req, res) => {
    const query = parseBody(clientListQuerySchema, req.query);
    res.json(await clients.list(requireMembership(req).workspace.id, query));
  });

  router.post('/clients', ...manager, async (req, res) => {
    const input = parseBody(clientInputSchema, req.body);
    res.status(201).json(await clients.create(requireMembership(req), input, requireUser(req)));
  });

  // Named before `/clients/:clientId`, which would otherwise take these segments for a client id.
  router.get('/clients/credentials-status', ...member, async (req, res) => {
    res.json({ status: await credentials.statusByClient(requireMembership(req).workspace.id) });
  });

  // The workspace is a field of the multipart body, so the upload is read (within its limits) before the workspace gate.
  router.post('/clients/bulk-upload', sessionGuard, singleFileUpload, membershipGuard, allow('manage_clients'), async (req, res) => {
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
  router.post('/clients/credentials/import', ...manager, async (req, res) => {
    const { rows: items } = parseBody(credentialImportRequestSchema, req.body);
    if (items.length > MAX_CREDENTIAL_IMPORT_ROWS) throw new HttpError(413, CREDENTIAL_IMPORT_MESSAGES.tooManyRows);
    if (!items.length) throw badRequest(CREDENTIAL_IMPORT_MESSAGES.noRows);
    const { rows, rowErrors } = checkCredentialImportRows(items);
    if (rowErrors.length) {
      res.status(400).json(rowErrorsAnswer(rowErrors));
      return;
    }
    res.status(202).json(await credentialImports.request(requireMembership(req), rows, requireUser(req)));
  });

  router.get('/clients/credentials/import/:importId', ...manager, async (req, res) => {
    res.json(await credentialImports.view(requireMembership(req).workspace.id, externalIdParam(req, 'importId', IMPORT_NOT_FOUND)));
  });

  router.get('/clients/:clientId', ...member, async (req, res) => {
    res.json({ client: await clients.detail(requireMembership(req).workspace.id, clientIdOf(req)) });
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
    await clients.delete(requireMembership(req), clientId, confirmation, requireUser(req));
    res.json({ message: 'Client deleted successfully' });
  });

  router.get('/clients/:clientId/aadhaar', ...manager, async (req, res) => {
    res.json(await clients.revealAadhaar(requireMembership(req), clientIdOf(req), requireUser(req)));
  });

  router.get('/clients/:clientId/notes', ...member, async (req, res) => {
    res.json({ data: await clients.notes(requireMembership(req).workspace.id, clientIdOf(req)) });
  });

  router.post('/clients/:clientId/notes', ...member, allow('add_client_notes'), async (req, res) => {
    const clientId = clientIdOf(req);
    const { content } = parseBody(noteInputSchema, req.body);
    res.status(201).json({ note: await clients.addNote(requireMembership(req), clientId, content, requireUser(req)) });
  });

  router.get('/clients/:clientId/credentials', ...member, async (req, res) => {
    const membership = requireMembership(req);
    const revealSecrets = permissions.can(membership.role, 'manage_clients');
    res.json({ credentials: await credentials.list(membership, clientIdOf(req), requireUser(req), revealSecrets) });
  });

  router.post('/clients/:clientId/credentials', ...manager, async (req, res) => {
    const clientId = clientIdOf(req);
    const { accountPassword, ...credential } = parseBody(credentialInputSchema, req.body);
    const membership = requireMembership(req);
    await clients.find(membership.workspace.id, clientId);
    await confirmAccountPassword(throttle, requireUser(req), accountPassword, req.ip ?? 'unknown');
    res.status(201).json({ credential: await credentials.save(membership, clientId, credential, requireUser(req)) });
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
