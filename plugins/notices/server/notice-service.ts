import { inject, injectable, optional } from 'inversify';
import type { Knex } from 'knex';
import {
  conflict,
  HttpError,
  isExternalId,
  kolkataToday,
  notFound,
  TOKENS,
  type ActivityService,
  type ClientDirectory,
  type Config,
  type NotificationService,
  type Role,
  type WorkspaceDirectory,
  type WorkspaceMemberSummary,
  type WorkspaceRef,
} from '../../../core/plugin-api';
import { ATTACHMENT_SERVICE, type AttachmentService } from '../../documents/server/tokens';
import {
  DEPARTMENT_LABELS,
  EXACT_NOTICE_COUNT_LIMIT,
  MAX_NOTICE_PAGE_SIZE,
  NOTICE_DEPARTMENTS,
  NOTICE_ENTITY,
  NOTICE_MESSAGES,
  NOTICE_STATUSES,
  type NoticeActivityView,
  type NoticePage,
  type NoticeStatus,
  type NoticeView,
} from '../shared/wire';
import { noticeActivity, noticeActivityViewOf, type NoticeActivity } from './activity-text';
import { automaticPriority } from './ai/automatic-priority';
import { applyFilters, applyOrder, countMatches, pageRows } from './list-query';
import { isDuplicateReference, Notice } from './models';
import { NoticeViews, paiseToRupees } from './notice-views';
import { onlyVisible, visibleClientsOf } from './notice-visibility';
import type { CreateNoticeInput, NoticeListQuery, UpdateNoticeInput } from './schemas';

/** Who acts, in which workspace. */
export interface NoticeActor {
  workspace: WorkspaceRef;
  userId: number;
  role: Role;
  name: string;
}

type NoticeFields = Pick<
  Notice,
  | 'department'
  | 'noticeType'
  | 'reference'
  | 'description'
  | 'priority'
  | 'status'
  | 'dateOfIssuance'
  | 'dueDate'
  | 'targetDate'
  | 'taxPeriod'
  | 'amountPaise'
  | 'assignedTo'
  | 'prioritySetByMember'
>;

/** How many clients a search term may bring in by name; the list's search is about notices first. */
const SEARCH_CLIENTS = 100;

const unprocessable = (message: string, field: string) => new HttpError(422, message, { [field]: [message] });
const sameReference = (left: string, right: string) => left.trim().toUpperCase() === right.trim().toUpperCase();
const rupeesOf = (paise: number | null) => (paise === null ? null : `₹${paiseToRupees(paise)}`);

/** The notice register (spec 2 sections 2.9-2.10, 4 and 7): the list, one notice, its changes and its history. */
@injectable()
export class NoticeService {
  private readonly views: NoticeViews;

  constructor(
    @inject(TOKENS.Knex) private readonly knex: Knex,
    @inject(TOKENS.Workspaces) private readonly workspaces: WorkspaceDirectory,
    @inject(TOKENS.Clients) private readonly clients: ClientDirectory,
    @inject(TOKENS.Activity) private readonly activity: ActivityService,
    @inject(TOKENS.Notifications) private readonly notifications: NotificationService,
    @inject(TOKENS.Config) private readonly config: Config,
    @inject(ATTACHMENT_SERVICE) @optional() private readonly attachmentService: AttachmentService | undefined,
  ) {
    this.views = new NoticeViews(workspaces, clients);
  }

  // ---- Reading ----

  /**
   * One page, by a deferred join: the page's ids come from index-only scans and only those rows are read (see
   * `pageRows`), then turned into views. The total is counted alongside.
   */
  async list(actor: NoticeActor, query: NoticeListQuery): Promise<NoticePage> {
    const workspaceId = actor.workspace.id;
    const [visibleClientIds, clientId, searchClientIds] = await Promise.all([
      visibleClientsOf(this.clients, workspaceId, actor),
      query.clientId
        ? this.clients.byExternalId(workspaceId, query.clientId, { notFoundMessage: NOTICE_MESSAGES.clientNotFound }).then((client) => client.id)
        : null,
      query.search ? this.clients.search(workspaceId, query.search, SEARCH_CLIENTS).then((found) => found.map((client) => client.id)) : [],
    ]);
    const filters = applyFilters({
      departments: query.noticeType,
      priorities: query.priority,
      statuses: query.status,
      visibleClientIds,
      clientId,
      search: query.search,
      searchClientIds,
    });
    const matching = () => Notice.inWorkspace(workspaceId).modify(filters);
    const { page, pageSize } = query;
    const [{ total, estimated }, rows] = await Promise.all([
      countMatches(this.knex, matching(), EXACT_NOTICE_COUNT_LIMIT),
      pageRows(
        this.knex,
        workspaceId,
        matching,
        { departments: query.noticeType ?? NOTICE_DEPARTMENTS, statuses: query.status ?? NOTICE_STATUSES },
        { field: query.sortField, direction: query.sortDirection },
        { offset: (page - 1) * pageSize, size: pageSize },
      ),
    ]);
    return {
      data: await this.views.of(actor, rows),
      pagination: { page, pageSize, totalPages: Math.ceil(total / pageSize), total, estimated },
    };
  }

  /** `GET notices`: the newest by date of issuance (at most MAX_NOTICE_PAGE_SIZE), of one client when named. */
  async all(actor: NoticeActor, { clientId }: { clientId?: string | null }): Promise<NoticeView[]> {
    const workspaceId = actor.workspace.id;
    const visible = await visibleClientsOf(this.clients, workspaceId, actor);
    const client = clientId ? await this.clients.byExternalId(workspaceId, clientId, { notFoundMessage: NOTICE_MESSAGES.clientNotFound }) : null;
    const notices = await Notice.inWorkspace(workspaceId)
      .modify(onlyVisible(visible))
      .modify((query) => {
        if (client) query.where('notices.client_id', client.id);
      })
      .modify(applyOrder({ field: 'dateOfIssuance', direction: 'desc' }))
      .limit(MAX_NOTICE_PAGE_SIZE);
    return this.views.of(actor, notices);
  }

  async get(actor: NoticeActor, noticeId: string): Promise<NoticeView> {
    return this.views.one(actor, await this.findVisibleRow(actor, noticeId));
  }

  /** A notice as the API answers it to this actor. */
  view(actor: NoticeActor, notice: Notice): Promise<NoticeView> {
    return this.views.one(actor, notice);
  }

  /**
   * 404 'Notice not found' for another workspace's notice, a missing one, a malformed id, or one the CLIENT rule
   * hides. Inside `trx` the row is locked until the transaction ends.
   */
  async findVisibleRow(actor: NoticeActor, noticeId: string, trx?: Knex.Transaction): Promise<Notice> {
    if (!isExternalId(noticeId)) throw notFound(NOTICE_MESSAGES.noticeNotFound);
    const visible = await visibleClientsOf(this.clients, actor.workspace.id, actor, trx);
    const query = Notice.inWorkspace(actor.workspace.id, trx)
      .modify(onlyVisible(visible))
      .where('notices.external_id', noticeId.toLowerCase())
      .first();
    const notice = await (trx ? query.forUpdate() : query);
    if (!notice) throw notFound(NOTICE_MESSAGES.noticeNotFound);
    return notice;
  }

  // ---- Creating ----

  async create(actor: NoticeActor, input: CreateNoticeInput): Promise<NoticeView> {
    const workspaceId = actor.workspace.id;
    const assignee = input.assignedToExternalId ? await this.member(workspaceId, input.assignedToExternalId) : null;
    const assignedTo = assignee?.userId ?? null;
    const notice = await this.knex
      .transaction(async (trx) => {
        const client = await this.clients.byExternalId(workspaceId, input.clientId, { notFoundMessage: NOTICE_MESSAGES.clientNotFound, trx });
        if (assignee) await this.checkAssigneeSees(workspaceId, assignee, client.id, trx);
        await this.assertReferenceFree(trx, workspaceId, client.id, input.reference);
        const created = await Notice.query(trx).insertAndFetch({
          workspaceId,
          clientId: client.id,
          department: input.department,
          noticeType: input.noticeType,
          reference: input.reference,
          description: input.description,
          priority:
            input.priority ?? automaticPriority({ replyBy: input.dueDate ?? null, amountPaise: input.amountDemanded ?? null, today: kolkataToday() }),
          prioritySetByMember: input.priority !== undefined,
          status: input.status,
          dateOfIssuance: input.dateOfIssuance ?? null,
          dueDate: input.dueDate ?? null,
          targetDate: input.targetDate ?? null,
          taxPeriod: input.taxPeriod ?? null,
          amountPaise: input.amountDemanded ?? null,
          assignedTo,
          source: 'MANUAL',
          createdBy: actor.userId,
        });
        await this.recordActivity(actor, created, noticeActivity.added(), trx);
        return created;
      })
      .catch(this.duplicateAsConflict);
    await this.notifyAssignee(actor, notice);
    return this.views.one(actor, notice);
  }

  // ---- Changing ----

  /** Only fields that really change are written, each with its own activity entry; the same value again is a no-op. */
  async update(actor: NoticeActor, noticeId: string, input: UpdateNoticeInput): Promise<NoticeView> {
    const workspaceId = actor.workspace.id;
    const assignee =
      input.assignedToExternalId === undefined || input.assignedToExternalId === null
        ? input.assignedToExternalId
        : await this.member(workspaceId, input.assignedToExternalId);
    const assignedTo = assignee ? assignee.userId : assignee;
    const { notice, reassigned } = await this.knex
      .transaction(async (trx) => {
        const before = await this.findVisibleRow(actor, noticeId, trx);
        if (assignee) await this.checkAssigneeSees(workspaceId, assignee, before.clientId, trx);
        const patch = this.patchOf(before, input, assignedTo);
        if (patch.reference !== undefined) await this.assertReferenceFree(trx, workspaceId, before.clientId, patch.reference, before.id);
        if (!Object.keys(patch).length) return { notice: before, reassigned: false };
        const after = await Notice.query(trx).patchAndFetchById(before.id, patch);
        for (const entry of await this.changesOf(workspaceId, before, patch)) await this.recordActivity(actor, after, entry, trx);
        return { notice: after, reassigned: patch.assignedTo !== undefined };
      })
      .catch(this.duplicateAsConflict);
    if (reassigned) await this.notifyAssignee(actor, notice);
    return this.views.one(actor, notice);
  }

  private patchOf(notice: Notice, input: UpdateNoticeInput, assignedTo: number | null | undefined): Partial<NoticeFields> {
    const wanted: Partial<NoticeFields> = {
      department: input.department,
      noticeType: input.noticeType,
      description: input.description,
      priority: input.priority,
      status: input.status,
      dateOfIssuance: input.dateOfIssuance,
      dueDate: input.dueDate,
      targetDate: input.targetDate,
      taxPeriod: input.taxPeriod,
      amountPaise: input.amountDemanded,
      assignedTo,
    };
    const patch = Object.fromEntries(
      Object.entries(wanted).filter(([field, value]) => value !== undefined && value !== notice[field as keyof NoticeFields]),
    ) as Partial<NoticeFields>;
    // A reference typed again in another case is the same reference; the new spelling is kept without an entry.
    if (input.reference !== undefined && input.reference !== notice.reference) patch.reference = input.reference;
    // A priority the member sends is theirs from now on, even the one it already had; until then it follows the dates.
    if (input.priority !== undefined && !notice.prioritySetByMember) patch.prioritySetByMember = true;
    else if (!notice.prioritySetByMember && ('dueDate' in patch || 'amountPaise' in patch)) {
      const priority = automaticPriority({
        replyBy: patch.dueDate !== undefined ? patch.dueDate : notice.dueDate,
        amountPaise: patch.amountPaise !== undefined ? patch.amountPaise : notice.amountPaise,
        today: kolkataToday(),
      });
      if (priority !== notice.priority) patch.priority = priority;
    }
    return patch;
  }

  /** One entry per changed field, in the order the details page shows them. */
  private async changesOf(workspaceId: number, before: Notice, patch: Partial<NoticeFields>): Promise<NoticeActivity[]> {
    const entries: NoticeActivity[] = [];
    if (patch.status !== undefined) entries.push(noticeActivity.status(before.status, patch.status));
    if (patch.priority !== undefined) entries.push(noticeActivity.priority(before.priority, patch.priority));
    if (patch.assignedTo !== undefined) {
      const people = patch.assignedTo === null ? new Map() : await this.workspaces.people(workspaceId, [patch.assignedTo]);
      entries.push(noticeActivity.assigned(patch.assignedTo === null ? null : (people.get(patch.assignedTo)?.name ?? null)));
    }
    if (patch.department !== undefined)
      entries.push(noticeActivity.text('Department', DEPARTMENT_LABELS[before.department], DEPARTMENT_LABELS[patch.department]));
    if (patch.noticeType !== undefined) entries.push(noticeActivity.text('Notice type', before.noticeType, patch.noticeType));
    if (patch.reference !== undefined && !sameReference(before.reference, patch.reference))
      entries.push(noticeActivity.text('Reference', before.reference, patch.reference));
    if (patch.description !== undefined) entries.push(noticeActivity.description());
    if (patch.dateOfIssuance !== undefined) entries.push(noticeActivity.date('Date of issuance', before.dateOfIssuance, patch.dateOfIssuance));
    if (patch.dueDate !== undefined) entries.push(noticeActivity.date('Due date', before.dueDate, patch.dueDate));
    if (patch.targetDate !== undefined) entries.push(noticeActivity.date('Target date', before.targetDate, patch.targetDate));
    if (patch.taxPeriod !== undefined) entries.push(noticeActivity.text('Tax period', before.taxPeriod, patch.taxPeriod));
    if (patch.amountPaise !== undefined)
      entries.push(noticeActivity.text('Amount demanded', rupeesOf(before.amountPaise), rupeesOf(patch.amountPaise)));
    return entries;
  }

  /**
   * All or nothing: every id must name a notice of this workspace the actor sees, else 404 and nothing changes.
   * Notices already in the status are counted as updated but get no entry.
   */
  async bulkUpdate(actor: NoticeActor, noticeIds: string[], status: NoticeStatus): Promise<number> {
    const wanted = [...new Set(noticeIds.map((id) => id.toLowerCase()))];
    if (!wanted.every(isExternalId)) throw notFound(NOTICE_MESSAGES.bulkSomeMissing);
    return this.knex.transaction(async (trx) => {
      const visible = await visibleClientsOf(this.clients, actor.workspace.id, actor, trx);
      const notices = await Notice.inWorkspace(actor.workspace.id, trx)
        .modify(onlyVisible(visible))
        .whereIn('notices.external_id', wanted)
        .orderBy('notices.id')
        .forUpdate();
      if (notices.length !== wanted.length) throw notFound(NOTICE_MESSAGES.bulkSomeMissing);
      const changing = notices.filter((notice) => notice.status !== status);
      if (changing.length)
        await Notice.query(trx)
          .whereIn(
            'id',
            changing.map((notice) => notice.id),
          )
          .patch({ status });
      for (const notice of changing) await this.recordActivity(actor, notice, noticeActivity.status(notice.status, status), trx);
      return notices.length;
    });
  }

  // ---- Deleting ----

  /**
   * The typed reference must match (trimmed, any case). Hearings and reminders go with the row; attachment links are
   * removed when the documents plugin is installed (the documents stay in their folders); tasks made from the
   * notice stay, keeping their link.
   */
  async remove(actor: NoticeActor, noticeId: string, confirmation: string): Promise<void> {
    await this.knex.transaction(async (trx) => {
      const notice = await this.findVisibleRow(actor, noticeId, trx);
      if (!sameReference(confirmation, notice.reference)) throw unprocessable(NOTICE_MESSAGES.deleteConfirmation, 'confirmation');
      await this.attachmentService?.unlinkAll({ workspaceId: actor.workspace.id, entityType: NOTICE_ENTITY, entityId: notice.externalId }, trx);
      await this.recordActivity(actor, notice, noticeActivity.deleted(notice.reference), trx);
      await Notice.query(trx).deleteById(notice.id);
    });
  }

  // ---- Activity ----

  async activities(actor: NoticeActor, noticeId: string): Promise<NoticeActivityView[]> {
    const notice = await this.findVisibleRow(actor, noticeId);
    const entries = await this.activity.forEntity(actor.workspace.id, NOTICE_ENTITY, notice.externalId);
    return entries.map(noticeActivityViewOf);
  }

  /** One entry of the notice's history, in the transaction of the change when there is one. */
  async recordActivity(actor: NoticeActor, notice: Notice, entry: NoticeActivity, trx?: Knex.Transaction): Promise<void> {
    await this.activity.record(
      {
        workspaceId: actor.workspace.id,
        actorUserId: actor.userId,
        action: entry.action,
        entityType: NOTICE_ENTITY,
        entityId: notice.externalId,
        metadata: { text: entry.text },
      },
      trx,
    );
  }

  // ---- Helpers ----

  private async member(workspaceId: number, userExternalId: string): Promise<WorkspaceMemberSummary> {
    const member = await this.workspaces.memberByExternalId(workspaceId, userExternalId);
    if (!member) throw unprocessable(NOTICE_MESSAGES.assigneeNotMember, 'assignedToExternalId');
    return member;
  }

  /** 422 when a CLIENT member would hold a notice of a client they do not stand for. */
  private async checkAssigneeSees(workspaceId: number, assignee: WorkspaceMemberSummary, clientId: number, trx: Knex.Transaction): Promise<void> {
    if (!(await this.clients.memberSeesClient(workspaceId, assignee, clientId, trx))) {
      throw unprocessable(NOTICE_MESSAGES.assigneeCannotSeeNotice, 'assignedToExternalId');
    }
  }

  /** The friendly check; the unique index still decides a race (see `duplicateAsConflict`). */
  private async assertReferenceFree(trx: Knex.Transaction, workspaceId: number, clientId: number, reference: string, exceptId?: number) {
    const taken = await Notice.inWorkspace(workspaceId, trx)
      .where('notices.client_id', clientId)
      .whereRaw('upper(notices.reference) = upper(?)', [reference])
      .modify((query) => {
        if (exceptId !== undefined) query.whereNot('notices.id', exceptId);
      })
      .first();
    if (taken) throw conflict(NOTICE_MESSAGES.duplicateReference);
  }

  private readonly duplicateAsConflict = (error: unknown): never => {
    throw isDuplicateReference(error) ? conflict(NOTICE_MESSAGES.duplicateReference) : error;
  };

  /** NOTICE_ASSIGNED to the assignee, unless they assigned it to themselves; after the commit, never undoing it. */
  private async notifyAssignee(actor: NoticeActor, notice: Notice): Promise<void> {
    if (notice.assignedTo === null || notice.assignedTo === actor.userId) return;
    const assignee = (await this.workspaces.people(actor.workspace.id, [notice.assignedTo])).get(notice.assignedTo);
    if (!(await this.clients.memberSeesClient(actor.workspace.id, assignee, notice.clientId))) return;
    const client = (await this.clients.byIds(actor.workspace.id, [notice.clientId])).get(notice.clientId);
    await this.notifications.raiseBestEffort(
      actor.workspace.id,
      { userId: notice.assignedTo },
      {
        eventType: 'NOTICE_ASSIGNED',
        title: 'Notice assigned to you',
        message: `${notice.noticeType} for ${client?.name ?? 'a client'}${notice.dueDate ? ` (reply due ${notice.dueDate})` : ''}`,
        priority: notice.priority === 'HIGH' ? 'high' : 'medium',
        actionUrl: `${this.config.basePath}/w/${actor.workspace.externalId}/notices/${notice.externalId}`,
        metadata: { entityType: NOTICE_ENTITY, entityId: notice.externalId },
      },
    );
  }
}
