import { formatIndianDateTime, formatRelativeTime } from '@axal/web-sdk';
import type { NoticeAiInfo } from '../../../shared/wire';

/** '{verb} by Built-in analyzer · 5m ago': which produced the analysis, and when (the exact time on hover). */
export function AiProvenance({ ai, verb }: { ai: NoticeAiInfo; verb: 'Analysed' | 'Drafted' }) {
  return (
    <span className="notices-ai-provenance">
      {verb} by {ai.providerLabel} ·{' '}
      <time dateTime={ai.processedAt} title={formatIndianDateTime(ai.processedAt)}>
        {formatRelativeTime(ai.processedAt)}
      </time>
    </span>
  );
}
