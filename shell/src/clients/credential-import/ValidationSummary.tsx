import { Callout, HTMLTable } from '@blueprintjs/core';
import { issuesToShow, validationNotices, type CredentialRowsCheck, type RowIssue } from './validate-rows';

/** The counts, notices and first row issues of a checked file. */
export function ValidationSummary({ check }: { check: CredentialRowsCheck }) {
  return (
    <section className="credential-import__summary" aria-label="Validation summary">
      {check.kind === 'checked' && check.rowCount > 0 && (
        <HTMLTable compact className="credential-import__counts" aria-label="Row counts">
          <tbody>
            <CountRow label="Valid rows" count={check.validRows.length} />
            <CountRow label="Skipped: no PAN number" count={check.missingPanCount} />
            <CountRow label="Skipped: duplicate PAN number" count={check.duplicatePanCount} />
            <CountRow label="Skipped: invalid" count={check.invalidCount} />
          </tbody>
        </HTMLTable>
      )}
      {validationNotices(check).map((notice) => (
        <Callout key={notice.title} title={notice.title} intent={notice.intent} className="credential-import__notice">
          {notice.message}
        </Callout>
      ))}
      {check.kind === 'checked' && <RowIssueList issues={check.issues} label="Rows with problems" />}
    </section>
  );
}

function CountRow({ label, count }: { label: string; count: number }) {
  return (
    <tr>
      <th scope="row">{label}</th>
      <td>{count}</td>
    </tr>
  );
}

/** The first issues, then "and N more errors". */
export function RowIssueList({ issues, label }: { issues: readonly RowIssue[]; label: string }) {
  if (issues.length === 0) return null;
  const { shown, moreText } = issuesToShow(issues);
  return (
    <ul className="credential-import__issues" aria-label={label}>
      {shown.map((issue, index) => (
        // The server may report several problems of one row separately; the position keeps the keys apart.
        <li key={`${issue.row}-${index}`}>
          <strong>Row {issue.row}</strong>: {issue.message}
        </li>
      ))}
      {moreText && <li className="credential-import__more">{moreText}</li>}
    </ul>
  );
}
