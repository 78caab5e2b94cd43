import { expect } from 'chai';
import { monthAndYear, monthPoints } from '../month-points';

describe('web sdk: the points of a monthly line', () => {
  it('labels each month and says its change from the month before', () => {
    const points = monthPoints([
      { month: '2025-12', value: 4 },
      { month: '2026-01', value: 7 },
      { month: '2026-02', value: 7 },
      { month: '2026-03', value: 5 },
    ]);
    expect(points.map(({ label, change }) => [label, change])).to.deep.equal([
      ['Dec 2025', null],
      ['Jan 2026', '+3 from Dec'],
      ['Feb 2026', 'No change from Jan'],
      ['Mar 2026', '-2 from Feb'],
    ]);
    expect(points[1]).to.include({ month: '2026-01', value: 7 });
  });

  it('has nothing to plot for no months', () => {
    expect(monthPoints([])).to.deep.equal([]);
    expect(monthAndYear('2026-11')).to.equal('Nov 2026');
  });
});
