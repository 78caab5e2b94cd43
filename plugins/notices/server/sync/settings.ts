import { z } from 'zod';
import { settingsPoint } from '../../../../core/plugin-api';
import { NOTICE_SYNC_SETTINGS_DEFAULTS } from '../../shared/wire';

/** The times of day (Asia/Kolkata) a daily sync may be set for: every half hour, which is how often the schedule looks. */
const DAILY_SYNC_TIMES = Array.from({ length: 48 }, (_, index) => `${String(Math.floor(index / 2)).padStart(2, '0')}:${index % 2 ? '30' : '00'}`);

const noticeSyncSettingsSchema = z.object({
  dailySync: z.boolean().default(NOTICE_SYNC_SETTINGS_DEFAULTS.dailySync),
  dailySyncTime: z.enum(DAILY_SYNC_TIMES as [string, ...string[]]).default(NOTICE_SYNC_SETTINGS_DEFAULTS.dailySyncTime),
  useSandboxPortal: z.boolean().default(NOTICE_SYNC_SETTINGS_DEFAULTS.useSandboxPortal),
});

export type NoticeSyncSettings = z.infer<typeof noticeSyncSettingsSchema>;

/** The notices plugin's settings (Settings -> Plugins -> Notices): the daily sync and the sandbox portal. */
export const noticeSyncSettings = settingsPoint.contribute({
  schema: noticeSyncSettingsSchema,
  fields: {
    dailySync: {
      label: 'Daily portal sync',
      help: 'Refresh the notices of every client with a valid GST or Income Tax login once a day.',
    },
    dailySyncTime: {
      label: 'Daily sync time (IST)',
      help: 'The sync starts at the first half-hour check at or after this time.',
    },
    useSandboxPortal: {
      label: 'Use the sandbox portal',
      help: 'Sync from the built-in Sandbox portal, a stand-in for the government portals for trying the sync out. Its notices are labelled Sandbox.',
    },
  },
});
