import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { kolkataToday, type ClientDirectory } from '../../../../core/plugin-api';
import type { NoticeImportResult, NoticeImportRowError } from '../../shared/wire';
import { noticeActivity } from '../activity-text';
import { automaticPriority } from '../ai/automatic-priority';
import { Notice } from '../models';
import type { NoticeActor, NoticeService } from '../notice-service';
import { panOf, validateImportRows, type ImportedNotice, type ImportRecord } from './import-rows';

export interface NoticeImportServices {
  knex: Knex;
  clients: ClientDirectory;
  notices: NoticeService;
}

/** Rows per INSERT: 14 values a row stay well below PostgreSQL's 65,535 parameters. */
const ROWS_PER_INSERT = 1_000;
/** The one unique index of a notice's reference, as `ON CONFLICT` names it. */
const REFERENCE_CONFLICT = '(workspace_id, client_id, (upper(reference)))';

const duplicateKey = (clientId: number, reference: string) => `${clientId}|${reference.toUpperCase()}`;

/**
 * Checks every row and, only when none has an error, creates them all in one transaction: a row whose reference the
 * client already has (stored before, or earlier in the file, or by an import running at the same time) is skipped
 * and reported as a duplicate. The clients are locked against deletion meanwhile.
 */
export async function importNotices(
  { knex, clients, notices }: NoticeImportServices,
  actor: NoticeActor,
  fileName: string,
  records: ImportRecord[],
): Promise<NoticeImportResult | { errors: NoticeImportRowError[] }> {
  const workspaceId = actor.workspace.id;
  return knex.transaction(async (trx) => {
    const clientsByPan = await clients.byPans(workspaceId, records.map(panOf), trx);
    const { notices: valid, errors } = validateImportRows(records, clientsByPan);
    if (errors.length) return { errors };

    const stored = await storedReferences(trx, workspaceId, valid);
    const fresh: ImportedNotice[] = [];
    const duplicates: ImportedNotice[] = [];
    for (const notice of valid) {
      const key = duplicateKey(notice.clientId, notice.reference);
      (stored.has(key) ? duplicates : fresh).push(notice);
      stored.add(key);
    }
    const rowsWithPriority = new Set(records.filter(hasPriority).map((record) => record.row));
    const created: Notice[] = [];
    for (let start = 0; start < fresh.length; start += ROWS_PER_INSERT) {
      const chunk = fresh.slice(start, start + ROWS_PER_INSERT);
      const inserted = await insertIgnoringDuplicates(trx, actor, chunk, rowsWithPriority);
      duplicates.push(...chunk.filter((notice) => !inserted.has(notice)));
      created.push(...(await Notice.inWorkspace(workspaceId, trx).whereIn('external_id', [...inserted.values()])));
    }
    const activity = noticeActivity.imported(fileName);
    for (const notice of created) await notices.recordActivity(actor, notice, activity, trx);
    return {
      created: created.length,
      duplicates: duplicates.sort((left, right) => left.row - right.row).map(({ row, reference, clientPan }) => ({ row, reference, clientPan })),
      total: records.length,
    };
  });
}

/** The client-and-reference keys among `candidates` that the workspace already has. */
async function storedReferences(trx: Knex.Transaction, workspaceId: number, candidates: ImportedNotice[]): Promise<Set<string>> {
  if (!candidates.length) return new Set();
  const existing = await Notice.inWorkspace(workspaceId, trx)
    .whereIn('client_id', [...new Set(candidates.map((notice) => notice.clientId))])
    .whereIn(trx.raw('upper(reference)'), [...new Set(candidates.map((notice) => notice.reference.toUpperCase()))])
    .select('client_id', 'reference');
  return new Set(existing.map((notice) => duplicateKey(notice.clientId, notice.reference)));
}

/** Whether the row's Priority cell says something: a blank one leaves the notice its automatic priority. */
const hasPriority = (record: ImportRecord) => {
  const cell = record.cells.Priority;
  return cell !== null && cell !== undefined && (typeof cell !== 'string' || cell.trim() !== '');
};

/**
 * Inserts the rows, skipping any whose reference a concurrent import stored first; answers the external id of each
 * row stored. A row outside `rowsWithPriority` gets the automatic priority.
 */
async function insertIgnoringDuplicates(
  trx: Knex.Transaction,
  actor: NoticeActor,
  chunk: ImportedNotice[],
  rowsWithPriority: ReadonlySet<number>,
): Promise<Map<ImportedNotice, string>> {
  const externalIds = new Map(chunk.map((notice) => [notice, randomUUID()]));
  const today = kolkataToday();
  // Through knex, not Objection: Objection pairs returned rows with models by position, which skipped rows would shift.
  const returned: { external_id: string }[] = await trx(Notice.tableName)
    .insert(
      chunk.map((notice) => ({
        external_id: externalIds.get(notice),
        workspace_id: actor.workspace.id,
        client_id: notice.clientId,
        department: notice.department,
        notice_type: notice.noticeType,
        reference: notice.reference,
        description: notice.description,
        priority: rowsWithPriority.has(notice.row)
          ? notice.priority
          : automaticPriority({ replyBy: notice.dueDate, amountPaise: notice.amountPaise, today }),
        priority_set_by_member: rowsWithPriority.has(notice.row),
        date_of_issuance: notice.dateOfIssuance,
        due_date: notice.dueDate,
        amount_paise: notice.amountPaise,
        source: 'IMPORT',
        created_by: actor.userId,
      })),
    )
    .onConflict(trx.raw(REFERENCE_CONFLICT))
    .ignore()
    .returning('external_id');
  const stored = new Set(returned.map((row) => row.external_id));
  return new Map([...externalIds].filter(([, externalId]) => stored.has(externalId)));
}
