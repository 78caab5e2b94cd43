/**
 * What the notices plugin offers other plugins: the `noticeSources` extension point, where any plugin contributes a
 * connector to a government portal (see docs/notice-connectors.md). Nothing else of this plugin is reachable from
 * outside it.
 */
import { z } from 'zod';
import { createExtensionPoint } from '../../../core/plugin-api';

/** The portals a connector can serve: the platforms clients keep credentials for. */
export const NOTICE_SOURCE_PLATFORMS = ['GST', 'INCOME_TAX'] as const;
export type NoticeSourcePlatform = (typeof NOTICE_SOURCE_PLATFORMS)[number];

export interface PortalCredentials {
  username: string;
  password: string;
}

/** A PDF the portal offers with a notice; fetched only when the notice is new or the file is not attached yet. */
export interface PortalNoticeDocument {
  filename: string;
  /** Reads the file; a connector keeps its own session for it. */
  download(): Promise<Buffer>;
}

/** A notice as a connector hands it over, already in the register's terms. */
export interface PortalNotice {
  /** The portal's reference or DIN: the key a re-run updates instead of duplicating (unique per client, any case). */
  reference: string;
  department: 'GST' | 'INCOME_TAX' | 'COMPLIANCE';
  /** e.g. 'ASMT-10', 'DRC-01', 'Section 143(2)'. */
  noticeType: string;
  description: string;
  /** YYYY-MM-DD. */
  dateOfIssuance: string | null;
  dueDate: string | null;
  taxPeriod: string | null;
  /** Rupees with at most two decimals, e.g. '125000.50'. */
  amountDemanded: string | null;
  /** The portal's own state, e.g. 'OPEN', 'REPLIED', 'CLOSED': a closed one is saved RESOLVED. */
  portalStatus: string;
  documents: PortalNoticeDocument[];
}

export type PortalErrorKind = 'INVALID_CREDENTIALS' | 'PORTAL_UNAVAILABLE' | 'ACTION_NEEDED';

/** What a connector throws: the sync marks a credential invalid only on INVALID_CREDENTIALS and shows `message` as is. */
export class PortalError extends Error {
  constructor(
    readonly kind: PortalErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'PortalError';
  }
}

export interface NoticeSourceFetch {
  credentials: PortalCredentials;
  /** Only notices issued on or after this day (YYYY-MM-DD), or every open one when null. */
  since: string | null;
  /** Aborted when the sync job runs out of time. */
  signal: AbortSignal;
}

export interface NoticeSource {
  /** A stable id, e.g. `sandbox-gst`. */
  id: string;
  platform: NoticeSourcePlatform;
  /** Shown in the web app beside the notices it brought, e.g. 'Sandbox'. */
  label: string;
  /** Whether the source serves this workspace (e.g. a setting, or a licence the plugin checks). */
  isEnabled(context: { workspaceId: number; settings: <T = Record<string, unknown>>(pluginId?: string) => Promise<T> }): Promise<boolean>;
  fetchNotices(request: NoticeSourceFetch): Promise<PortalNotice[]>;
}

const callable = z.custom<(...args: never[]) => unknown>((value) => typeof value === 'function', 'must be a function');

export const noticeSourcesPoint = createExtensionPoint<NoticeSource>('notices.sources', {
  description:
    'Read by POST notices/refresh and the daily sync: for each platform, the enabled sources fetch the notices of every client with a valid login.',
  schema: z
    .object({
      id: z.string().regex(/^[a-z][a-z0-9-]*$/),
      platform: z.enum(NOTICE_SOURCE_PLATFORMS),
      label: z.string().min(1).max(40),
      isEnabled: callable,
      fetchNotices: callable,
    })
    .strict(),
});
