import { expect } from 'chai';
import { TASK_MESSAGES } from '../shared/wire';
import {
  datesAfter,
  firstDateFrom,
  occurrenceFor,
  recurrenceSchema,
  ruleFieldsOf,
  summaryOf,
  upcomingDates,
  type RecurrenceInput,
} from '../server/series/recurrence';

const parse = (value: unknown): RecurrenceInput => recurrenceSchema.parse(value);
const fieldsOf = (value: unknown, anchor: string) => ruleFieldsOf(parse(value), anchor);
/** The first `count` dates after the anchor of `value` started on `anchor`. */
const next = (value: unknown, anchor: string, count = 4) => datesAfter(fieldsOf(value, anchor), anchor, anchor, count);

function problemsOf(value: unknown): { error: string; details: Record<string, string> } {
  const result = recurrenceSchema.safeParse(value);
  if (result.success) throw new Error(`accepted ${JSON.stringify(value)}`);
  const [first, ...rest] = result.error.issues;
  return { error: first!.message, details: Object.fromEntries(rest.map((issue) => [issue.path.join('.'), issue.message])) };
}

describe('tasks: repeat rules', () => {
  describe('frequencies', () => {
    it('weekly falls on the same weekday every week', () => {
      expect(next({ frequency: 'WEEKLY' }, '2026-03-02')).to.deep.equal(['2026-03-09', '2026-03-16', '2026-03-23', '2026-03-30']);
    });

    it('every 2 weeks skips a week', () => {
      expect(next({ frequency: 'WEEKLY', interval: 2 }, '2026-03-02', 3)).to.deep.equal(['2026-03-16', '2026-03-30', '2026-04-13']);
    });

    it('monthly on day 20 from a due date earlier in the month starts that month', () => {
      expect(next({ frequency: 'MONTHLY', dayOfMonth: 20 }, '2026-03-05', 3)).to.deep.equal(['2026-03-20', '2026-04-20', '2026-05-20']);
    });

    it('monthly without a day keeps the first due date day', () => {
      expect(next({ frequency: 'MONTHLY' }, '2026-01-11', 2)).to.deep.equal(['2026-02-11', '2026-03-11']);
    });

    it('day 31 falls on 28 February, on 29 February in a leap year, and on 30 April', () => {
      expect(next({ frequency: 'MONTHLY', dayOfMonth: 31 }, '2026-01-31')).to.deep.equal(['2026-02-28', '2026-03-31', '2026-04-30', '2026-05-31']);
      expect(next({ frequency: 'MONTHLY', dayOfMonth: 31 }, '2028-01-31', 2)).to.deep.equal(['2028-02-29', '2028-03-31']);
    });

    it('days 29 and 30 fall on the last day of a shorter month and keep their day otherwise', () => {
      expect(next({ frequency: 'MONTHLY', dayOfMonth: 30 }, '2026-01-30', 3)).to.deep.equal(['2026-02-28', '2026-03-30', '2026-04-30']);
      expect(next({ frequency: 'MONTHLY', dayOfMonth: 29 }, '2028-01-29', 2)).to.deep.equal(['2028-02-29', '2028-03-29']);
    });

    it('every 2 months counts months from the first due date', () => {
      expect(next({ frequency: 'MONTHLY', interval: 2, dayOfMonth: 15 }, '2026-01-15', 3)).to.deep.equal(['2026-03-15', '2026-05-15', '2026-07-15']);
    });

    it('quarterly repeats every three months on its day, month end included', () => {
      expect(next({ frequency: 'QUARTERLY', dayOfMonth: 31 }, '2026-03-31', 4)).to.deep.equal([
        '2026-06-30',
        '2026-09-30',
        '2026-12-31',
        '2027-03-31',
      ]);
      expect(next({ frequency: 'QUARTERLY', dayOfMonth: 31 }, '2026-05-31', 1)).to.deep.equal(['2026-08-31']);
    });

    it('yearly repeats in the first due date month; 29 February falls on the 28th in other years', () => {
      expect(next({ frequency: 'YEARLY', dayOfMonth: 15 }, '2026-06-15', 2)).to.deep.equal(['2027-06-15', '2028-06-15']);
      expect(next({ frequency: 'YEARLY' }, '2024-02-29', 4)).to.deep.equal(['2025-02-28', '2026-02-28', '2027-02-28', '2028-02-29']);
    });

    it('continues after any day, not only the anchor', () => {
      const fields = fieldsOf({ frequency: 'MONTHLY', dayOfMonth: 20 }, '2026-01-20');
      expect(datesAfter(fields, '2026-01-20', '2026-06-20', 2)).to.deep.equal(['2026-07-20', '2026-08-20']);
      expect(upcomingDates(fields, '2026-01-20', '2026-06-25')).to.deep.equal(['2026-07-20', '2026-08-20', '2026-09-20']);
    });

    it('moves a first due date onto the rule', () => {
      expect(firstDateFrom(fieldsOf({ frequency: 'MONTHLY', dayOfMonth: 20 }, '2026-03-05'), '2026-03-05')).to.equal('2026-03-20');
      expect(firstDateFrom(fieldsOf({ frequency: 'MONTHLY', dayOfMonth: 20 }, '2026-03-20'), '2026-03-20')).to.equal('2026-03-20');
      expect(firstDateFrom(fieldsOf({ rrule: 'FREQ=MONTHLY;BYMONTHDAY=11' }, '2026-03-12'), '2026-03-12')).to.equal('2026-04-11');
    });

    it("takes a first due date off the rule as its period's task, and one after the period's date as its own", () => {
      const standsFor = (value: unknown, day: string) => occurrenceFor(fieldsOf(value, day), day);
      expect(standsFor({ frequency: 'MONTHLY', dayOfMonth: 20 }, '2030-01-15'), 'before the 20th: January').to.equal('2030-01-20');
      expect(standsFor({ frequency: 'MONTHLY', dayOfMonth: 10 }, '2030-01-15'), 'after the 10th: a task of its own').to.equal('2030-01-15');
      expect(standsFor({ frequency: 'MONTHLY', dayOfMonth: 20 }, '2030-01-20')).to.equal('2030-01-20');
      expect(standsFor({ frequency: 'QUARTERLY', dayOfMonth: 31 }, '2030-01-15')).to.equal('2030-01-31');
      expect(standsFor({ frequency: 'MONTHLY', interval: 2, dayOfMonth: 20 }, '2030-01-15')).to.equal('2030-01-20');
      expect(standsFor({ frequency: 'MONTHLY', interval: 2, dayOfMonth: 5 }, '2030-01-15'), 'March is the next period').to.equal('2030-01-15');
      expect(standsFor({ frequency: 'YEARLY', dayOfMonth: 31 }, '2030-01-15')).to.equal('2030-01-31');
      expect(standsFor({ rrule: 'FREQ=MONTHLY;BYMONTHDAY=20;COUNT=3' }, '2030-01-15')).to.equal('2030-01-20');
      expect(standsFor({ rrule: 'FREQ=WEEKLY;BYDAY=FR' }, '2030-01-16'), 'a Wednesday, the same week').to.equal('2030-01-18');
      expect(standsFor({ rrule: 'FREQ=WEEKLY;BYDAY=MO' }, '2030-01-16'), 'next week is another').to.equal('2030-01-16');
      expect(standsFor({ rrule: 'FREQ=DAILY;BYDAY=MO' }, '2030-01-16'), 'every day its own').to.equal('2030-01-16');
    });
  });

  describe('defaults and lead days', () => {
    it('fills interval 1, no lead days and the first due date day', () => {
      expect(parse({ frequency: 'MONTHLY' })).to.deep.equal({ frequency: 'MONTHLY', interval: 1, dayOfMonth: null, createDaysBefore: 0 });
      expect(ruleFieldsOf(parse({ frequency: 'MONTHLY' }), '2026-04-20').dayOfMonth).to.equal(20);
      expect(ruleFieldsOf(parse({ frequency: 'WEEKLY', dayOfMonth: 5 }), '2026-04-20').dayOfMonth, 'weekly has no day of month').to.equal(null);
    });

    it('keeps createDaysBefore from 0 to 60', () => {
      expect(parse({ frequency: 'WEEKLY', createDaysBefore: 60 })).to.include({ createDaysBefore: 60 });
      expect(parse({ rrule: 'FREQ=WEEKLY', createDaysBefore: 3 })).to.deep.equal({ rrule: 'FREQ=WEEKLY', createDaysBefore: 3 });
      for (const createDaysBefore of [-1, 61, 1.5, '3']) {
        expect(problemsOf({ frequency: 'WEEKLY', createDaysBefore })).to.deep.equal({
          error: TASK_MESSAGES.invalidRecurrence,
          details: { createDaysBefore: 'createDaysBefore must be a whole number from 0 to 60' },
        });
      }
    });
  });

  describe('RRULE text', () => {
    it('accepts RFC 5545 rules, with or without the RRULE: prefix', () => {
      expect(next({ rrule: 'FREQ=MONTHLY;BYMONTHDAY=11' }, '2026-03-05', 2)).to.deep.equal(['2026-03-11', '2026-04-11']);
      expect(parse({ rrule: 'RRULE:FREQ=WEEKLY;BYDAY=MO,TH' })).to.deep.equal({ rrule: 'FREQ=WEEKLY;BYDAY=MO,TH', createDaysBefore: 0 });
      expect(next({ rrule: 'FREQ=WEEKLY;BYDAY=MO,TH' }, '2026-03-02', 3)).to.deep.equal(['2026-03-05', '2026-03-09', '2026-03-12']);
      expect(next({ rrule: 'FREQ=MONTHLY;BYDAY=FR;BYSETPOS=-1' }, '2026-03-01', 2), 'the last Friday').to.deep.equal(['2026-03-27', '2026-04-24']);
    });

    it('stops after COUNT or UNTIL', () => {
      expect(next({ rrule: 'FREQ=MONTHLY;BYMONTHDAY=5;COUNT=2' }, '2026-01-05', 5)).to.deep.equal(['2026-02-05']);
      expect(next({ rrule: 'FREQ=WEEKLY;UNTIL=21000120T000000Z' }, '2099-12-30', 5)).to.deep.equal(['2100-01-06', '2100-01-13', '2100-01-20']);
    });

    it('refuses text that is not a rule, with what is wrong', () => {
      const cases: [unknown, string][] = [
        [{ rrule: 'NONSENSE' }, "Unknown RRULE property 'NONSENSE'"],
        [{ rrule: 'FREQ=HOURLY' }, 'FREQ must be DAILY, WEEKLY, MONTHLY or YEARLY'],
        [{ rrule: 'INTERVAL=2' }, 'FREQ must be DAILY, WEEKLY, MONTHLY or YEARLY'],
        [{ rrule: 'FREQ=MONTHLY;INTERVAL=abc' }, 'INTERVAL must be a whole number from 1 to 1000'],
        [{ rrule: 'FREQ=MONTHLY;BYMONTHDAY=40' }, 'BYMONTHDAY must be a whole number from -31 to 31'],
        [{ rrule: 'FREQ=DAILY;BYHOUR=9' }, 'BYHOUR is not supported: a repeating task is due on whole days'],
        [{ rrule: '' }, 'rrule must be an RRULE such as FREQ=MONTHLY;BYMONTHDAY=20'],
        [{ rrule: `FREQ=WEEKLY;${'BYDAY=MO;'.repeat(250)}` }, 'rrule must be at most 2000 characters'],
      ];
      for (const [value, detail] of cases) {
        expect(problemsOf(value), JSON.stringify(value).slice(0, 60)).to.deep.equal({
          error: TASK_MESSAGES.invalidRecurrence,
          details: { rrule: detail },
        });
      }
    });

    // Iterating such a rule would run to the year 9999; the test's own timeout is what would catch that.
    it('refuses a rule that gives no dates, even one only iterating would show', () => {
      for (const rrule of ['FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30', 'FREQ=MONTHLY;UNTIL=19990101T000000Z', 'FREQ=YEARLY;BYMONTH=4;BYMONTHDAY=31']) {
        expect(problemsOf({ rrule }), rrule).to.deep.equal({ error: TASK_MESSAGES.invalidRecurrence, details: { rrule: 'The rule gives no dates' } });
      }
      // A rule that ended before today is a rule: whether it fits is known once the first due date is.
      expect(parse({ rrule: 'FREQ=WEEKLY;UNTIL=20261115T000000Z' })).to.deep.equal({
        rrule: 'FREQ=WEEKLY;UNTIL=20261115T000000Z',
        createDaysBefore: 0,
      });
    });
  });

  describe('presets refused', () => {
    it('names the field that is wrong', () => {
      const cases: [unknown, Record<string, string>][] = [
        [{ frequency: 'DAILY' }, { frequency: 'frequency must be one of WEEKLY, MONTHLY, QUARTERLY, YEARLY' }],
        [{ frequency: 'MONTHLY', interval: 0 }, { interval: 'interval must be a whole number from 1 to 12' }],
        [{ frequency: 'MONTHLY', interval: 13 }, { interval: 'interval must be a whole number from 1 to 12' }],
        [{ frequency: 'MONTHLY', dayOfMonth: 32 }, { dayOfMonth: 'dayOfMonth must be a whole number from 1 to 31' }],
        [{ frequency: 'MONTHLY', dayOfMonth: 0 }, { dayOfMonth: 'dayOfMonth must be a whole number from 1 to 31' }],
        [{ frequency: 'MONTHLY', every: 2 }, { '': 'Unrecognized key: "every"' }],
      ];
      for (const [value, details] of cases) {
        expect(problemsOf(value), JSON.stringify(value)).to.deep.equal({ error: TASK_MESSAGES.invalidRecurrence, details });
      }
      expect(problemsOf('monthly').error).to.equal(TASK_MESSAGES.invalidRecurrence);
      expect(problemsOf(null).error).to.equal(TASK_MESSAGES.invalidRecurrence);
    });
  });

  describe('summaries', () => {
    it('reads as people say it', () => {
      const summary = (value: unknown, anchor = '2026-03-20') => summaryOf(fieldsOf(value, anchor), anchor);
      expect(summary({ frequency: 'WEEKLY' })).to.equal('Weekly');
      expect(summary({ frequency: 'WEEKLY', interval: 2 })).to.equal('Every 2 weeks');
      expect(summary({ frequency: 'MONTHLY' })).to.equal('Monthly on day 20');
      expect(summary({ frequency: 'MONTHLY', interval: 3, dayOfMonth: 7 })).to.equal('Every 3 months on day 7');
      expect(summary({ frequency: 'QUARTERLY', dayOfMonth: 31 })).to.equal('Quarterly on day 31');
      expect(summary({ frequency: 'YEARLY', dayOfMonth: 15 })).to.equal('Yearly on day 15');
      expect(summary({ frequency: 'YEARLY', interval: 2, dayOfMonth: 15 })).to.equal('Every 2 years on day 15');
      expect(summary({ rrule: 'FREQ=MONTHLY;BYMONTHDAY=11' })).to.equal('Every month on the 11th');
    });
  });
});
