import { expect } from 'chai';
import { recurrenceSchema, ruleFieldsOf, summaryOf } from '../server/series/recurrence';
import { MAX_CREATE_DAYS_BEFORE, type RecurrenceView, type TaskPerson, type TaskStatus } from '../shared/wire';
import {
  MAX_DAY_OF_MONTH,
  MAX_REPEAT_INTERVAL,
  NO_REPEAT,
  dayOfMonthOf,
  previewLine,
  recurrenceOf,
  repeatSummary,
  repeatValueOf,
  unitOf,
  usesDayOfMonth,
  type RepeatValue,
} from '../web/recurrence-form';
import { assigneeName, isNewPastDate, isOverdue, workspacePaths } from '../web/task-display';

const monthly = (changes: Partial<RepeatValue> = {}): RepeatValue => ({
  frequency: 'MONTHLY',
  interval: 1,
  dayOfMonth: 20,
  createDaysBefore: 0,
  ...changes,
});

function seriesView(changes: Partial<RecurrenceView> = {}): RecurrenceView {
  return {
    frequency: 'QUARTERLY',
    interval: 1,
    dayOfMonth: 15,
    rrule: null,
    createDaysBefore: 7,
    summary: 'Quarterly on day 15',
    nextDueDate: '2027-03-15',
    upcomingDueDates: ['2027-03-15'],
    stopped: false,
    ...changes,
  };
}

describe('tasks web: the Repeat section', () => {
  it('sends a rule the server accepts, worded as the server words it', () => {
    const values: RepeatValue[] = [
      monthly(),
      monthly({ interval: 2, dayOfMonth: 31 }),
      { frequency: 'WEEKLY', interval: 1, dayOfMonth: 4, createDaysBefore: 2 },
      { frequency: 'WEEKLY', interval: 3, dayOfMonth: 4, createDaysBefore: 0 },
      { frequency: 'QUARTERLY', interval: 1, dayOfMonth: 30, createDaysBefore: 10 },
      { frequency: 'YEARLY', interval: 12, dayOfMonth: 1, createDaysBefore: 0 },
    ];
    for (const value of values) {
      const accepted = recurrenceSchema.parse(recurrenceOf(value));
      expect(repeatSummary(value)).to.equal(summaryOf(ruleFieldsOf(accepted, '2026-12-20'), '2026-12-20'));
    }
  });

  it('reads "Monthly on day 20", "Every 2 weeks" and "Does not repeat"', () => {
    expect(repeatSummary(monthly())).to.equal('Monthly on day 20');
    expect(repeatSummary({ ...NO_REPEAT, frequency: 'WEEKLY', interval: 2 })).to.equal('Every 2 weeks');
    expect(repeatSummary(monthly({ frequency: 'YEARLY', interval: 2, dayOfMonth: 5 }))).to.equal('Every 2 years on day 5');
    expect(repeatSummary(NO_REPEAT)).to.equal('Does not repeat');
  });

  it('names the unit in the singular for one and the plural for more', () => {
    expect(unitOf('WEEKLY', 1)).to.equal('week');
    expect(unitOf('QUARTERLY', 1)).to.equal('quarter');
    expect(unitOf('MONTHLY', 2)).to.equal('months');
    expect(unitOf('YEARLY', 12)).to.equal('years');
  });

  it('asks for a day of the month for every frequency but weekly', () => {
    expect(usesDayOfMonth('MONTHLY')).to.equal(true);
    expect(usesDayOfMonth('QUARTERLY')).to.equal(true);
    expect(usesDayOfMonth('YEARLY')).to.equal(true);
    expect(usesDayOfMonth('WEEKLY')).to.equal(false);
    expect(usesDayOfMonth(null)).to.equal(false);
  });

  it('takes the day of the month from a due date, or 1 without one', () => {
    expect(dayOfMonthOf('2026-12-20')).to.equal(20);
    expect(dayOfMonthOf('2027-01-05')).to.equal(5);
    for (const missing of [null, undefined, '']) expect(dayOfMonthOf(missing)).to.equal(1);
  });

  it('sends no recurrence for "Does not repeat" and no day of the month for weekly', () => {
    expect(recurrenceOf(NO_REPEAT)).to.equal(undefined);
    expect(recurrenceOf(monthly({ createDaysBefore: 5 }))).to.deep.equal({ frequency: 'MONTHLY', interval: 1, dayOfMonth: 20, createDaysBefore: 5 });
    expect(recurrenceOf({ frequency: 'WEEKLY', interval: 2, dayOfMonth: 20, createDaysBefore: 1 })).to.deep.equal({
      frequency: 'WEEKLY',
      interval: 2,
      dayOfMonth: null,
      createDaysBefore: 1,
    });
  });

  it('keeps what it sends within the limits, in whole numbers, whatever was typed', () => {
    expect(recurrenceOf(monthly({ interval: 40, dayOfMonth: 45, createDaysBefore: 999 }))).to.deep.equal({
      frequency: 'MONTHLY',
      interval: MAX_REPEAT_INTERVAL,
      dayOfMonth: MAX_DAY_OF_MONTH,
      createDaysBefore: MAX_CREATE_DAYS_BEFORE,
    });
    expect(recurrenceOf(monthly({ interval: 0, dayOfMonth: -3, createDaysBefore: -1 }))).to.deep.equal({
      frequency: 'MONTHLY',
      interval: 1,
      dayOfMonth: 1,
      createDaysBefore: 0,
    });
    expect(recurrenceOf(monthly({ interval: 2.6, dayOfMonth: 14.4 }))).to.include({ interval: 3, dayOfMonth: 14 });
    // An emptied number field holds NaN: the smallest allowed value goes instead.
    expect(recurrenceOf(monthly({ interval: Number.NaN, dayOfMonth: Number.NaN, createDaysBefore: Number.NaN }))).to.include({
      interval: 1,
      dayOfMonth: 1,
      createDaysBefore: 0,
    });
  });

  it('fills the form from a series as the server shows it, the day from the due date when the series has none', () => {
    expect(repeatValueOf(seriesView(), '2027-03-15')).to.deep.equal({ frequency: 'QUARTERLY', interval: 1, dayOfMonth: 15, createDaysBefore: 7 });
    expect(repeatValueOf(seriesView({ frequency: 'WEEKLY', interval: 2, dayOfMonth: null }), '2027-03-09')).to.deep.equal({
      frequency: 'WEEKLY',
      interval: 2,
      dayOfMonth: 9,
      createDaysBefore: 7,
    });
  });

  it('shows "Does not repeat" for no series and for a rule written as an RRULE, on the due date\'s day', () => {
    expect(repeatValueOf(null, '2026-12-20')).to.deep.equal({ ...NO_REPEAT, dayOfMonth: 20 });
    expect(repeatValueOf(null, null)).to.deep.equal(NO_REPEAT);
    const rrule = seriesView({ frequency: null, dayOfMonth: null, rrule: 'FREQ=MONTHLY;BYDAY=MO;BYSETPOS=1' });
    expect(repeatValueOf(rrule, '2027-01-04')).to.deep.equal({ ...NO_REPEAT, dayOfMonth: 4 });
  });

  it('previews each client\'s series as "title - rule - first due date"', () => {
    const monthly: RepeatValue = { frequency: 'MONTHLY', interval: 1, dayOfMonth: 20, createDaysBefore: 5 };
    expect(previewLine('  GSTR-3B for {client} ', 'Sharma Traders', monthly, '20 Dec 2026')).to.equal(
      'GSTR-3B for Sharma Traders - monthly on day 20 - first due 20 Dec 2026',
    );
    expect(previewLine('TDS return', 'Kaveri Textiles', { ...monthly, frequency: 'QUARTERLY', dayOfMonth: 31 }, '31 Jan 2027')).to.equal(
      'TDS return - quarterly on day 31 - first due 31 Jan 2027',
    );
    expect(previewLine('GSTR-1 for {client}', "Alpha $& $' Traders", monthly, '20 Dec 2026')).to.equal(
      "GSTR-1 for Alpha $& $' Traders - monthly on day 20 - first due 20 Dec 2026",
    );
  });
});

describe('tasks web: display helpers', () => {
  it('calls an open task overdue only once its due date has passed', () => {
    const today = '2026-12-20';
    const open: TaskStatus[] = ['PENDING', 'IN_PROGRESS', 'BLOCKED'];
    for (const status of open) {
      expect(isOverdue({ status, dueDate: '2026-12-19' }, today), status).to.equal(true);
      expect(isOverdue({ status, dueDate: today }, today), status).to.equal(false);
    }
    expect(isOverdue({ status: 'COMPLETED', dueDate: '2026-01-01' }, today)).to.equal(false);
    expect(isOverdue({ status: 'PENDING', dueDate: null }, today)).to.equal(false);
  });

  it('names the assignee, marks one who has left, and says "Unassigned" for nobody', () => {
    const person = (isMember: boolean): TaskPerson => ({ externalId: 'usr_1', name: 'Priya Sharma', image: null, isMember });
    expect(assigneeName({ assignedTo: person(true) })).to.equal('Priya Sharma');
    expect(assigneeName({ assignedTo: person(false) })).to.equal('Priya Sharma (former member)');
    expect(assigneeName({ assignedTo: null })).to.equal('Unassigned');
  });

  it("builds the shell's addresses of a workspace", () => {
    const paths = workspacePaths('ws_9');
    expect(paths.tasks).to.equal('/w/ws_9/tasks');
    expect(paths.task('tsk_1')).to.equal('/w/ws_9/tasks/tsk_1');
    expect(paths.client('cli_2')).to.equal('/w/ws_9/clients/cli_2');
  });

  it('refuses a due date typed before today, unless the task already had it', () => {
    expect(isNewPastDate('2026-11-26', null, '2026-11-27')).to.equal(true);
    expect(isNewPastDate('2026-11-27', null, '2026-11-27'), 'today').to.equal(false);
    expect(isNewPastDate('', null, '2026-11-27'), 'no date').to.equal(false);
    expect(isNewPastDate('2026-10-01', '2026-10-01', '2026-11-27'), 'an overdue task edited').to.equal(false);
    expect(isNewPastDate('2026-10-02', '2026-10-01', '2026-11-27'), 'moved to another past day').to.equal(true);
  });
});
