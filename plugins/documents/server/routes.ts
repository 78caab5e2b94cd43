import type { Request } from 'express';
import { hasControlCharacters, notFound, parseBody, type PluginRouteContext, type PluginRouter } from '../../../core/plugin-api';
import {
  assignClientSchema,
  createDirectorySchema,
  createDocumentSchema,
  deleteDocumentsSchema,
  directoriesQuerySchema,
  infoQuerySchema,
  listQuerySchema,
  presignQuerySchema,
  treeQuerySchema,
  updateStorageSchema,
} from '../shared/schemas';
import {
  MESSAGES,
  type AssignClientResponse,
  type CreateDocumentResponse,
  type DocumentInfoResponse,
  type DocumentStatsResponse,
  type DocumentTreeResponse,
} from '../shared/wire';
import { DocumentService, type Viewer } from './document-service';

const viewerOf = (context: PluginRouteContext): Viewer => ({ membership: context.membership, user: context.user });
const service = (context: PluginRouteContext) => context.container.get(DocumentService);

/**
 * A file key holds a "/", so the client sends it percent-encoded as one path segment; an id works as well. A key no
 * document can have (empty, too long, with a control character) is not looked up.
 */
function documentKeyParam(req: Request): string {
  const key = req.params.fileKey;
  if (typeof key !== 'string' || key === '' || key.length > 200 || hasControlCharacters(key)) throw notFound(MESSAGES.documentNotFound);
  return key;
}

/** Spec 3 section 7, "Documents and storage". Every route is behind session, membership and the plugin switch. */
export function documentRoutes(router: PluginRouter): void {
  router.get('/documents/tree', {}, async (req, _res, context): Promise<DocumentTreeResponse> => {
    const { path, depth } = parseBody(treeQuerySchema, req.query);
    return { tree: await service(context).tree(viewerOf(context), path, depth) };
  });

  router.get('/documents/list', {}, async (req, _res, context) => {
    const query = parseBody(listQuerySchema, req.query);
    return service(context).list(viewerOf(context), query);
  });

  router.get('/documents/stats', {}, async (_req, _res, context): Promise<DocumentStatsResponse> => ({
    totalDocuments: await service(context).totalDocuments(viewerOf(context)),
  }));

  router.get('/documents/info', {}, async (req, _res, context): Promise<DocumentInfoResponse> => {
    const { documentId } = parseBody(infoQuerySchema, req.query);
    return { document: await service(context).info(viewerOf(context), documentId) };
  });

  router.get('/documents/download/:fileKey', {}, async (req, res, context) => {
    const url = await service(context).downloadUrlFor(viewerOf(context), documentKeyParam(req));
    res.set('Cache-Control', 'no-store').redirect(302, url);
  });

  router.get('/documents/directories', {}, async (req, _res, context) => {
    const { clientExternalId } = parseBody(directoriesQuerySchema, req.query);
    return service(context).directories(viewerOf(context), clientExternalId);
  });

  router.post('/documents/directories/create', { permission: 'upload' }, async (req, res, context) => {
    const { path, clientId } = parseBody(createDirectorySchema, req.body);
    const result = await service(context).createDirectory(viewerOf(context), path, clientId);
    res.status(result.created ? 201 : 200).json(result);
  });

  router.get('/documents/presign', { permission: 'upload' }, async (req, _res, context) => {
    const query = parseBody(presignQuerySchema, req.query);
    return service(context).presign(viewerOf(context), query);
  });

  router.post('/documents/create', { permission: 'upload' }, async (req, res, context) => {
    const input = parseBody(createDocumentSchema, req.body);
    const document = await service(context).create(viewerOf(context), input);
    res.status(201).json({ document } satisfies CreateDocumentResponse);
  });

  router.get('/documents/storage', { permission: 'view_storage' }, async (_req, _res, context) =>
    service(context).storageInfo(context.membership.workspace.id),
  );

  router.post('/documents/storage/update', { permission: 'manage_storage' }, async (req, _res, context) => {
    const { additionalStorage } = parseBody(updateStorageSchema, req.body);
    return service(context).raiseStorageLimit(viewerOf(context), additionalStorage);
  });

  router.delete('/documents', { permission: 'delete_documents', forbiddenMessage: MESSAGES.deleteForbidden }, async (req, _res, context) => {
    const { nodes } = parseBody(deleteDocumentsSchema, req.body);
    return service(context).remove(viewerOf(context), nodes);
  });

  router.post('/documents/assign-client', { permission: 'assign_client' }, async (req, _res, context): Promise<AssignClientResponse> => {
    await service(context).assignClient(viewerOf(context), parseBody(assignClientSchema, req.body));
    return { ok: true };
  });
}
