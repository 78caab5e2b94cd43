import { expect } from 'chai';
import { axisLabelsOf, monthAndYear, monthPoints } from '../month-points';

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

  it('names the months on the axis, with the year once the line spans more than a year', () => {
    const months = (count: number) =>
      Array.from({ length: count }, (_, index) => ({ month: `2025-${String(index + 1).padStart(2, '0')}`, value: index }));
    expect(axisLabelsOf(monthPoints(months(12)))).to.deep.equal(['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']);
    const twoYears = monthPoints([...months(12), { month: '2026-01', value: 12 }]);
    expect(axisLabelsOf(twoYears)).to.include.ordered.members(["Jan '25", "Feb '25"]);
    expect(axisLabelsOf(twoYears).at(-1)).to.equal("Jan '26");
  });
});
