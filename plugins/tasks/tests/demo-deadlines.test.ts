import { expect } from 'chai';
import {
  assessmentYearBefore,
  financialYearBefore,
  financialYearOf,
  lastDeadline,
  nearestDeadline,
  nextDeadline,
  type YearlyDeadline,
} from '../server/demo-deadlines';

const ADVANCE_TAX: YearlyDeadline[] = [
  [6, 15],
  [9, 15],
  [12, 15],
  [3, 15],
];

describe('tasks: the demo seed puts filing work on the real deadlines around the day it runs', () => {
  it('takes the nearest date of a yearly deadline, before or after the day', () => {
    expect(nearestDeadline('2026-11-28', [9, 30]), 'the tax audit, two months past').to.equal('2026-09-30');
    expect(nearestDeadline('2026-05-10', [9, 30]), 'the tax audit, four months ahead').to.equal('2026-09-30');
    expect(nearestDeadline('2026-12-01', [7, 31]), 'the returns of last July').to.equal('2026-07-31');
    expect(nearestDeadline('2026-01-05', [12, 31]), 'across the turn of the year').to.equal('2025-12-31');
    expect(nearestDeadline('2026-12-20', [3, 31])).to.equal('2027-03-31');
  });

  it('takes the last date of a deadline on or before the day, for work already done', () => {
    expect(lastDeadline('2027-02-15', [7, 31]), 'not the July ahead, though nearer').to.equal('2026-07-31');
    expect(lastDeadline('2026-07-31', [7, 31]), 'the day itself').to.equal('2026-07-31');
    expect(lastDeadline('2026-11-28', [3, 31])).to.equal('2026-03-31');
  });

  it('takes the next of several deadlines on or after the day', () => {
    expect(nextDeadline('2026-11-28', ADVANCE_TAX)).to.equal('2026-12-15');
    expect(nextDeadline('2026-12-15', ADVANCE_TAX), 'the day itself').to.equal('2026-12-15');
    expect(nextDeadline('2027-03-16', ADVANCE_TAX)).to.equal('2027-06-15');
    expect(nextDeadline('2026-12-16', ADVANCE_TAX), 'into the next calendar year').to.equal('2027-03-15');
  });

  it('names the financial and assessment years a deadline is for', () => {
    expect(financialYearOf('2026-04-01')).to.equal('FY 2026-27');
    expect(financialYearOf('2027-03-31')).to.equal('FY 2026-27');
    expect(financialYearBefore('2026-09-30'), 'the audit due in September 2026').to.equal('FY 2025-26');
    expect(financialYearBefore('2027-01-31'), 'still the year ended March 2026').to.equal('FY 2025-26');
    expect(assessmentYearBefore('2026-07-31')).to.equal('AY 2026-27');
    expect(financialYearOf('2099-12-01')).to.equal('FY 2099-00');
  });
});
