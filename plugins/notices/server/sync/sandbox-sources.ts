import { sandboxNoticeSource, sandboxPortalUrl } from '../../sandbox-portal';
import { NOTICE_SYNC_TEXTS } from '../../shared/wire';
import { noticeSourcesPoint, type NoticeSource } from '../tokens';
import type { NoticeSyncSettings } from './settings';

const SANDBOX_SOURCE_IDS = { GST: 'sandbox-gst', INCOME_TAX: 'sandbox-income-tax' } as const;

/** On in a workspace whose notices settings say `useSandboxPortal`. */
const sandboxSwitchedOn: NoticeSource['isEnabled'] = async ({ settings }) => (await settings<NoticeSyncSettings>()).useSandboxPortal;

/** The sandbox portal's two connectors, contributed by the notices plugin itself like any other plugin's. */
export const sandboxSources = (['GST', 'INCOME_TAX'] as const).map((platform) =>
  noticeSourcesPoint.contribute(
    sandboxNoticeSource({
      id: SANDBOX_SOURCE_IDS[platform],
      platform,
      label: NOTICE_SYNC_TEXTS.sandbox,
      portalUrl: sandboxPortalUrl,
      isEnabled: sandboxSwitchedOn,
    }),
  ),
);
