import { expect } from 'chai';
import {
  formatDate,
  formatFileSize,
  formatIndianDate,
  formatIndianDateTime,
  formatLongDate,
  formatPhone,
  formatRelativeTime,
  formatRupees,
  initialsOf,
  phoneHref,
  truncate,
} from '../format';

// Local-time inputs only, so the expectations hold in every time zone.
const fifthOfMarch = new Date(2025, 2, 5, 10, 30);

describe('date formatters', () => {
  const formatters = { formatDate, formatLongDate, formatIndianDate };

  it('formatIndianDateTime writes the moment in India, whatever the zone it is given in', () => {
    expect(formatIndianDateTime('2026-12-03T08:45:00Z')).to.equal('3 Dec 2026, 2:15 pm IST');
    expect(formatIndianDateTime(null)).to.equal('Not set');
    expect(formatIndianDateTime('not a date')).to.equal('Invalid date');
  });

  it('formatDate reads dd MMM yyyy', () => {
    expect(formatDate(fifthOfMarch)).to.equal('05 Mar 2025');
    expect(formatDate(new Date(2024, 11, 31))).to.equal('31 Dec 2024');
  });

  it('formatLongDate reads MMM d, yyyy', () => {
    expect(formatLongDate(fifthOfMarch)).to.equal('Mar 5, 2025');
    expect(formatLongDate(new Date(2024, 11, 31))).to.equal('Dec 31, 2024');
  });

  it('formatIndianDate reads the en-IN day/month/year', () => {
    expect(formatIndianDate(fifthOfMarch)).to.equal('5/3/2025');
    expect(formatIndianDate(new Date(2024, 11, 31))).to.equal('31/12/2024');
  });

  it('accept a Date, an ISO string, a date-only string (as that local day) and epoch milliseconds', () => {
    for (const value of [fifthOfMarch, '2025-03-05', '2025-03-05T10:30:00', fifthOfMarch.getTime()]) {
      expect(formatDate(value)).to.equal('05 Mar 2025');
      expect(formatLongDate(value)).to.equal('Mar 5, 2025');
      expect(formatIndianDate(value)).to.equal('5/3/2025');
    }
  });

  it('accept a non-ISO string the Date parser understands', () => {
    expect(formatDate('March 5, 2025')).to.equal('05 Mar 2025');
  });

  it('say "Not set" for a missing date, or the text the caller gives', () => {
    for (const format of Object.values(formatters)) {
      for (const missing of [null, undefined, '', '   ']) {
        expect(format(missing)).to.equal('Not set');
      }
      expect(format(null, 'Not specified')).to.equal('Not specified');
      expect(format(undefined, 'N/A')).to.equal('N/A');
    }
  });

  it('say "Invalid date" for a value that does not parse', () => {
    for (const format of Object.values(formatters)) {
      expect(format('not a date')).to.equal('Invalid date');
      expect(format('2025-13-45')).to.equal('Invalid date');
      expect(format(Number.NaN)).to.equal('Invalid date');
      expect(format(new Date(Number.NaN), 'N/A')).to.equal('Invalid date');
    }
  });
});

describe('formatRelativeTime', () => {
  const now = new Date(2025, 2, 5, 12, 0, 0);
  const ago = (milliseconds: number) => new Date(now.getTime() - milliseconds);
  const SECOND = 1000;
  const MINUTE = 60 * SECOND;
  const HOUR = 60 * MINUTE;
  const DAY = 24 * HOUR;

  it('reads "Just now" under a minute and for future times', () => {
    expect(formatRelativeTime(now, now)).to.equal('Just now');
    expect(formatRelativeTime(ago(59 * SECOND), now)).to.equal('Just now');
    expect(formatRelativeTime(ago(-5 * MINUTE), now)).to.equal('Just now');
    expect(formatRelativeTime(ago(-3 * DAY), now)).to.equal('Just now');
  });

  it('counts whole minutes, hours and days', () => {
    expect(formatRelativeTime(ago(MINUTE), now)).to.equal('1m ago');
    expect(formatRelativeTime(ago(59 * MINUTE + 59 * SECOND), now)).to.equal('59m ago');
    expect(formatRelativeTime(ago(HOUR), now)).to.equal('1h ago');
    expect(formatRelativeTime(ago(23 * HOUR + 59 * MINUTE), now)).to.equal('23h ago');
    expect(formatRelativeTime(ago(DAY), now)).to.equal('1d ago');
    expect(formatRelativeTime(ago(45 * DAY + 23 * HOUR), now)).to.equal('45d ago');
  });

  it('accepts ISO strings and epoch milliseconds', () => {
    expect(formatRelativeTime('2025-03-05T11:15:00', now)).to.equal('45m ago');
    expect(formatRelativeTime(ago(2 * HOUR).getTime(), now)).to.equal('2h ago');
  });

  it('reads "Invalid date" for an unparseable value and "Not set" for a missing one', () => {
    expect(formatRelativeTime('yesterday-ish', now)).to.equal('Invalid date');
    expect(formatRelativeTime(null, now)).to.equal('Not set');
  });
});

describe('formatRupees', () => {
  it('uses Indian digit grouping, the rupee sign and two decimals', () => {
    expect(formatRupees(123456.5)).to.equal('₹1,23,456.50');
    expect(formatRupees(10_000_000)).to.equal('₹1,00,00,000.00');
    expect(formatRupees(999)).to.equal('₹999.00');
    expect(formatRupees(1234.567)).to.equal('₹1,234.57');
    expect(formatRupees(-1234)).to.equal('-₹1,234.00');
  });

  it('reads "₹0.00" for anything that is not a finite number', () => {
    for (const amount of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, null, undefined]) {
      expect(formatRupees(amount)).to.equal('₹0.00');
    }
  });
});

describe('formatPhone', () => {
  it('writes an Indian mobile number as "+91 98220 77889" however it was typed', () => {
    for (const typed of [
      '9822077889',
      '+919822077889',
      '09822077889',
      '919822077889',
      '0091 98220 77889',
      '+91 98220-77889',
      ' (+91) 98220.77889 ',
    ]) {
      expect(formatPhone(typed), typed).to.equal('+91 98220 77889');
    }
    expect(formatPhone('+919414066778')).to.equal('+91 94140 66778');
    expect(formatPhone('6000000001')).to.equal('+91 60000 00001');
  });

  it('leaves a landline, a foreign number or anything else as it was given, only trimmed', () => {
    for (const other of [
      '022 2654 3210',
      '02226543210',
      '+91 22 2654 3210',
      '+1 415 555 0100',
      '+44 20 7946 0958',
      '5822077889',
      '98220778',
      '982207788912',
      'ext. 12',
    ]) {
      expect(formatPhone(other), other).to.equal(other);
    }
    expect(formatPhone('  022 2654 3210 ')).to.equal('022 2654 3210');
  });

  it('says "Not set" for a missing number, or the text the caller gives', () => {
    for (const missing of [null, undefined, '', '   ']) {
      expect(formatPhone(missing)).to.equal('Not set');
    }
    expect(formatPhone(null, '')).to.equal('');
  });
});

describe('phoneHref', () => {
  it('dials an Indian mobile number with its country code', () => {
    expect(phoneHref('09822077889')).to.equal('tel:+919822077889');
    expect(phoneHref('+91 98220 77889')).to.equal('tel:+919822077889');
  });

  it('keeps only the digits and the plus sign of any other number', () => {
    expect(phoneHref('022 2654 3210')).to.equal('tel:02226543210');
    expect(phoneHref('+1 (415) 555-0100')).to.equal('tel:+14155550100');
  });
});

describe('formatFileSize', () => {
  it('uses base 1024 units with two decimals', () => {
    expect(formatFileSize(0)).to.equal('0.00 B');
    expect(formatFileSize(512)).to.equal('512.00 B');
    expect(formatFileSize(1023)).to.equal('1023.00 B');
    expect(formatFileSize(1024)).to.equal('1.00 KB');
    expect(formatFileSize(1536)).to.equal('1.50 KB');
    expect(formatFileSize(5_242_880)).to.equal('5.00 MB');
    expect(formatFileSize(3 * 1024 ** 3)).to.equal('3.00 GB');
    expect(formatFileSize(2.5 * 1024 ** 4)).to.equal('2.50 TB');
  });

  it('moves up a unit when rounding would reach 1024', () => {
    expect(formatFileSize(1024 ** 2 - 1)).to.equal('1.00 MB');
  });

  it('stays in TB beyond it', () => {
    expect(formatFileSize(1024 ** 5)).to.equal('1024.00 TB');
  });

  it('reads "0.00 B" for a negative or non-finite size', () => {
    for (const bytes of [-1, -5_242_880, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(formatFileSize(bytes)).to.equal('0.00 B');
    }
  });
});

describe('truncate', () => {
  const noticeText = 'Notice under section 143(1) regarding a mismatch in reported income for AY 2024-25';

  it('cuts text longer than the limit and adds "..."', () => {
    expect(truncate(noticeText, 52)).to.equal(`${noticeText.slice(0, 52)}...`);
    expect(truncate(noticeText, 60)).to.have.length(63);
    expect(truncate('abcdef', 3)).to.equal('abc...');
  });

  it('leaves text at or under the limit as it is', () => {
    expect(truncate('abc', 3)).to.equal('abc');
    expect(truncate('short', 100)).to.equal('short');
    expect(truncate('', 52)).to.equal('');
  });

  it('never splits a character made of two code units', () => {
    expect(truncate('₹💰💰💰', 2)).to.equal('₹💰...');
  });
});

describe('initialsOf', () => {
  it('takes the first letter of at most two words, in upper case', () => {
    expect(initialsOf('Asha Rao Mehta')).to.equal('AR');
    expect(initialsOf('asha rao')).to.equal('AR');
    expect(initialsOf('Asha')).to.equal('A');
    expect(initialsOf('  asha   rao  ')).to.equal('AR');
  });

  it('reads "?" when there is no name', () => {
    for (const name of ['', '   ', null, undefined]) {
      expect(initialsOf(name)).to.equal('?');
    }
  });
});
