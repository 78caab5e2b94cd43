import { expect } from 'chai';
import { addDays, daysBetween, isCalendarDate, kolkataDayOf, kolkataToday } from '../calendar-day';

describe('calendar days in Asia/Kolkata', () => {
  it("gives an instant's Kolkata day, which starts at 18:30 UTC the evening before", () => {
    expect(kolkataDayOf(new Date('2026-03-31T18:29:59Z'))).to.equal('2026-03-31');
    expect(kolkataDayOf(new Date('2026-03-31T18:30:00Z'))).to.equal('2026-04-01');
    expect(kolkataToday(new Date('2026-12-31T20:00:00Z'))).to.equal('2027-01-01');
  });

  it('takes only real dates written YYYY-MM-DD', () => {
    expect(['2026-02-28', '2028-02-29', '2026-12-31'].every(isCalendarDate)).to.equal(true);
    expect(['2026-02-29', '2026-02-30', '2026-13-01', '2026-3-31', '31/03/2026', '2026-03-31T00:00:00Z'].some(isCalendarDate)).to.equal(false);
  });

  it('counts days across months and years, either way', () => {
    expect(addDays('2026-02-26', 3)).to.equal('2026-03-01');
    expect(addDays('2027-01-01', -1)).to.equal('2026-12-31');
    expect(daysBetween('2026-12-30', '2027-01-02')).to.equal(3);
    expect(daysBetween('2027-01-02', '2026-12-30')).to.equal(-3);
  });
});
