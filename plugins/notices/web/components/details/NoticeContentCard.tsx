import { Card, Classes } from '@blueprintjs/core';
import { useId } from 'react';
import { NOTICE_AI_TEXTS, type NoticeView } from '../../../shared/wire';
import { linesOf } from './details-format';
import { AiProvenance } from '../ai/AiProvenance';

/** The notice's own words and, once the AI has read it, its summary and action items (spec 2 section 2.10). */
export function NoticeContentCard({ notice }: { notice: NoticeView }) {
  const headingId = useId();
  const actionItems = linesOf(notice.actionItems ?? '');
  // Items written with their own numbers ('1. Reply in ASMT-11') are shown as written, without bullets.
  const numbered = actionItems.length > 0 && actionItems.every((item) => /^\d+[.)]\s/.test(item));
  const hasAnalysis = Boolean(notice.summary?.trim()) || actionItems.length > 0;
  return (
    <Card className="notices-details-card" role="region" aria-labelledby={headingId}>
      <h2 id={headingId} className="notices-details-card__title">
        {NOTICE_AI_TEXTS.originalDescription}
      </h2>
      {notice.description.trim() ? (
        <p className="notices-details-text">{notice.description}</p>
      ) : (
        <p className={`notices-details-text ${Classes.TEXT_MUTED}`}>No description</p>
      )}
      {hasAnalysis && (
        <section className="notices-details-analysis" aria-label={NOTICE_AI_TEXTS.analysisHeading}>
          <h3 className="notices-details-analysis__title">{NOTICE_AI_TEXTS.analysisHeading}</h3>
          {notice.ai && (
            <p className={`notices-details-analysis__source ${Classes.TEXT_MUTED}`}>
              <AiProvenance ai={notice.ai} verb="Analysed" />
            </p>
          )}
          {notice.summary?.trim() && (
            <>
              <h4 className="notices-details-analysis__heading">{NOTICE_AI_TEXTS.summary}</h4>
              <p className="notices-details-text">{notice.summary}</p>
            </>
          )}
          {actionItems.length > 0 && (
            <>
              <h4 className="notices-details-analysis__heading">{NOTICE_AI_TEXTS.actionItems}</h4>
              <ul className={`notices-details-analysis__items${numbered ? ' notices-details-analysis__items--numbered' : ''}`}>
                {actionItems.map((item, index) => (
                  <li key={index}>{item}</li>
                ))}
              </ul>
            </>
          )}
        </section>
      )}
    </Card>
  );
}
