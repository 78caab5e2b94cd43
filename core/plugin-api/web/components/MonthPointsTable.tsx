import type { MonthPoint } from '../month-points';
import { VISUALLY_HIDDEN_CLASS } from './StatusMessage';

export interface MonthPointsTableProps {
  points: MonthPoint[];
  /** The table's accessible name: 'Notices received per month'. */
  caption: string;
  /** The figure's column header: 'Notices'. */
  valueName: string;
}

/** What a monthly line says, as a table for screen readers (the chart itself is hidden from them). */
export function MonthPointsTable({ points, caption, valueName }: MonthPointsTableProps) {
  return (
    <table className={VISUALLY_HIDDEN_CLASS}>
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Month</th>
          <th scope="col">{valueName}</th>
          <th scope="col">Change</th>
        </tr>
      </thead>
      <tbody>
        {points.map((point) => (
          <tr key={point.month}>
            <th scope="row">{point.label}</th>
            <td>{point.value}</td>
            <td>{point.change ?? 'First month shown'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
