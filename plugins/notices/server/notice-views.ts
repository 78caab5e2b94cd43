import {
  AI_PROVIDER_LABELS,
  type ClientDirectory,
  type PersonSummary,
  type Role,
  type WorkspaceDirectory,
  type WorkspaceRef,
} from '../../../core/plugin-api';
import { DEPARTMENT_LABELS, type HearingView, type NoticePerson, type NoticeView } from '../shared/wire';
import { Notice, NoticeHearing } from './models';

const PAISE_PER_RUPEE = 100n;

/** Whole paise as rupees with two decimals ('125000.50'), in integers so no paisa is ever rounded away. */
export function paiseToRupees(paise: number | string): string {
  const whole = BigInt(paise);
  const rupees = whole / PAISE_PER_RUPEE;
  const rest = (whole % PAISE_PER_RUPEE).toString().padStart(2, '0');
  return `${rupees}.${rest}`;
}

const personOf = (person: PersonSummary): NoticePerson => ({
  externalId: person.externalId,
  name: person.name,
  image: person.image,
  isMember: person.isMember,
});

export const hearingViewOf = (hearing: NoticeHearing): HearingView => ({
  id: hearing.externalId,
  hearingDate: hearing.hearingDate,
  hearingTime: hearing.hearingTime,
  mode: hearing.mode,
  notes: hearing.notes,
  createdAt: hearing.createdAt.toISOString(),
});

/** Who reads: a CLIENT member never sees the firm's internal draft reply. */
export interface NoticeReader {
  workspace: WorkspaceRef;
  role: Role;
}

/**
 * Notices as the API answers them, with their people, clients, credential platforms and hearings read in one batch
 * each, so a page of 100 costs four lookups, not four hundred.
 */
export class NoticeViews {
  constructor(
    private readonly workspaces: WorkspaceDirectory,
    private readonly clients: ClientDirectory,
  ) {}

  async of(reader: NoticeReader, notices: Notice[]): Promise<NoticeView[]> {
    if (!notices.length) return [];
    const workspaceId = reader.workspace.id;
    const clientIds = [...new Set(notices.map((notice) => notice.clientId))];
    const peopleIds = notices.flatMap((notice) => [notice.assignedTo, notice.createdBy]).filter((id): id is number => id !== null);
    const [people, clients, credentials, hearings] = await Promise.all([
      this.workspaces.people(workspaceId, peopleIds),
      this.clients.byIds(workspaceId, clientIds),
      this.clients.credentialPlatforms(workspaceId, clientIds),
      this.hearingsOf(workspaceId, notices),
    ]);
    return notices.map((notice) => {
      const assignee = notice.assignedTo === null ? undefined : people.get(notice.assignedTo);
      const creator = notice.createdBy === null ? undefined : people.get(notice.createdBy);
      const client = clients.get(notice.clientId);
      return {
        id: notice.externalId,
        externalId: notice.externalId,
        type: DEPARTMENT_LABELS[notice.department],
        department: notice.department,
        noticeType: notice.noticeType,
        reference: notice.reference,
        description: notice.description,
        priority: notice.priority,
        status: notice.status,
        dateOfIssuance: notice.dateOfIssuance,
        dueDate: notice.dueDate,
        targetDate: notice.targetDate,
        taxPeriod: notice.taxPeriod,
        amountDemanded: notice.amountPaise === null ? null : paiseToRupees(notice.amountPaise),
        assignedTo: assignee ? personOf(assignee) : null,
        client: {
          externalId: client?.externalId ?? '',
          name: client?.name ?? '',
          clientType: client?.clientType ?? '',
          credentials: credentials.get(notice.clientId) ?? [],
        },
        clientId: client?.externalId ?? '',
        clientName: client?.name ?? '',
        source: notice.source,
        summary: notice.summary,
        actionItems: notice.actionItems,
        draftReply: reader.role === 'CLIENT' ? null : notice.draftReply,
        ai:
          notice.aiProvider && notice.aiProcessedAt
            ? {
                provider: notice.aiProvider,
                providerLabel: AI_PROVIDER_LABELS[notice.aiProvider],
                model: notice.aiModel ?? '',
                processedAt: notice.aiProcessedAt.toISOString(),
              }
            : null,
        sourceLabel: notice.sourceLabel,
        prioritySetByMember: notice.prioritySetByMember,
        hearings: (hearings.get(notice.id) ?? []).map(hearingViewOf),
        createdBy: creator ? { name: creator.name } : null,
        createdAt: notice.createdAt.toISOString(),
        updatedAt: notice.updatedAt.toISOString(),
      };
    });
  }

  async one(reader: NoticeReader, notice: Notice): Promise<NoticeView> {
    const [view] = await this.of(reader, [notice]);
    return view!;
  }

  /** Each notice's hearings, soonest first. */
  private async hearingsOf(workspaceId: number, notices: Notice[]): Promise<Map<number, NoticeHearing[]>> {
    const hearings = await NoticeHearing.inWorkspace(workspaceId)
      .whereIn(
        'notice_id',
        notices.map((notice) => notice.id),
      )
      .orderByRaw('hearing_date, hearing_time nulls first, id');
    const byNotice = new Map<number, NoticeHearing[]>();
    for (const hearing of hearings) {
      const list = byNotice.get(hearing.noticeId) ?? [];
      list.push(hearing);
      byNotice.set(hearing.noticeId, list);
    }
    return byNotice;
  }
}
