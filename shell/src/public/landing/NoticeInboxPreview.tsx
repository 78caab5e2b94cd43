import { Icon } from '../icons';

interface PreviewNotice {
  portal: 'GST' | 'ITR';
  title: string;
  client: string;
  priority: 'High' | 'Medium';
  due: string;
}

const PREVIEW_NOTICES: PreviewNotice[] = [
  { portal: 'GST', title: 'ASMT-10 · Scrutiny of returns, FY 2023-24', client: 'Mehta Textiles Pvt Ltd', priority: 'High', due: '12 Dec' },
  { portal: 'ITR', title: '143(1)(a) · Adjustment proposed, AY 2024-25', client: 'Rohan Iyer', priority: 'Medium', due: '19 Dec' },
  { portal: 'GST', title: 'DRC-01A · Intimation of tax ascertained', client: 'Sai Logistics LLP', priority: 'High', due: '23 Dec' },
];

/** A drawn, decorative preview of the notices inbox with an AI summary; the hero text says the same in words. */
export function NoticeInboxPreview() {
  return (
    <div className="inbox-preview" aria-hidden="true">
      <div className="inbox-preview__chrome">
        <span />
        <span />
        <span />
        <strong>Notices</strong>
      </div>
      <ul className="inbox-preview__list">
        {PREVIEW_NOTICES.map((notice) => (
          <li key={notice.title} className="inbox-preview__row">
            <span className={`inbox-preview__portal inbox-preview__portal--${notice.portal.toLowerCase()}`}>{notice.portal}</span>
            <span className="inbox-preview__text">
              <strong>{notice.title}</strong>
              <small>{notice.client}</small>
            </span>
            <span className={`inbox-preview__priority inbox-preview__priority--${notice.priority.toLowerCase()}`}>{notice.priority}</span>
            <small className="inbox-preview__due">Due {notice.due}</small>
          </li>
        ))}
      </ul>
      <div className="inbox-preview__summary">
        <p className="inbox-preview__summary-title">
          <Icon name="sparkles" size={16} />
          AI summary · ASMT-10
        </p>
        <p>Input tax credit of ₹2,41,300 claimed in GSTR-3B exceeds GSTR-2B for July to September 2023. Reply in ASMT-11 within 30 days.</p>
        <ul className="inbox-preview__actions">
          <li data-done="true">
            <Icon name="check" size={14} />
            Reconcile GSTR-2B with the purchase register
          </li>
          <li>
            <Icon name="check" size={14} />
            Collect invoices from the three suppliers flagged
          </li>
          <li>
            <Icon name="check" size={14} />
            Review the drafted ASMT-11 reply
          </li>
        </ul>
      </div>
    </div>
  );
}
