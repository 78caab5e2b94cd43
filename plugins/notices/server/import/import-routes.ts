import type { Knex } from 'knex';
import { TOKENS, type ClientDirectory, type PluginRouteContext, type PluginRouter } from '../../../../core/plugin-api';
import { MAX_IMPORT_BYTES, NOTICE_MESSAGES, NOTICES_PERMISSIONS, NOTICES_ROUTES } from '../../shared/wire';
import { NoticeService, type NoticeActor } from '../notice-service';
import { importRecordsOf } from './import-rows';
import { IMPORT_TEMPLATE_FILE_NAME, noticeImportTemplate } from './import-template';
import { importNotices } from './notice-import';
import { readSpreadsheet } from './read-spreadsheet';
import { readUploadedFile } from './read-upload';

const route = (path: string) => `/${path}`;

const importing = { permission: NOTICES_PERMISSIONS.import, forbiddenMessage: NOTICE_MESSAGES.forbiddenImport };

/** The multipart envelope around the file: its boundaries and the form's few fields. */
const MULTIPART_ALLOWANCE_BYTES = 64 * 1024;

const actorOf = (context: PluginRouteContext): NoticeActor => ({
  workspace: context.membership.workspace,
  userId: context.user.id,
  role: context.membership.role,
  name: context.user.name,
});

/** The notices bulk import: its template and the upload (issue 15 item 2; the spec does not show the file's rules). */
export function noticeImportRoutes(router: PluginRouter): void {
  router.get(route(NOTICES_ROUTES.importTemplate), importing, (_req, res) => {
    res
      .type('text/csv; charset=utf-8')
      .set('Content-Disposition', `attachment; filename="${IMPORT_TEMPLATE_FILE_NAME}"`)
      .send(noticeImportTemplate());
  });

  // The file is read only once every gate has passed, so callers name the workspace in the query.
  router.post(
    route(NOTICES_ROUTES.upload),
    { ...importing, bodyLimit: `${MAX_IMPORT_BYTES + MULTIPART_ALLOWANCE_BYTES}b` },
    async (req, res, context) => {
      const file = await readUploadedFile(req);
      const records = importRecordsOf(await readSpreadsheet(file.bytes));
      const services = {
        knex: context.container.get<Knex>(TOKENS.Knex),
        clients: context.container.get<ClientDirectory>(TOKENS.Clients),
        notices: context.container.get(NoticeService),
      };
      const outcome = await importNotices(services, actorOf(context), file.name, records);
      if ('errors' in outcome) {
        res.status(422).json({ error: NOTICE_MESSAGES.importValidationFailed, details: { rows: outcome.errors } });
        return;
      }
      res.status(201).json(outcome);
    },
  );
}
