import { expect } from 'chai';
import { demoHistory } from '../server/demo-history';

const TODAY = '2026-11-28';
const NOW = new Date('2026-11-28T06:30:00Z');
const ist = (isoLocal: string) => new Date(`${isoLocal}+05:30`);

describe('tasks: the demo seed gives each task a history of past weeks', () => {
  it('takes work up three weeks before it is due, begins it the next day and completes it the day before the due date', () => {
    const history = demoHistory({ due: '2026-09-30', today: TODAY, comments: 1, status: 'COMPLETED' }, NOW);
    expect(history.created).to.deep.equal(ist('2026-09-09T10:00:00'));
    expect(history.started).to.deep.equal(ist('2026-09-10T11:30:00'));
    expect(history.comments).to.deep.equal([ist('2026-09-11T13:00:00')]);
    expect(history.finished).to.deep.equal(ist('2026-09-29T14:30:00'));
  });

  it('takes up work due far ahead three days ago, and work without a due date two weeks ago', () => {
    expect(demoHistory({ due: '2027-03-31', today: TODAY, comments: 0, status: 'PENDING' }, NOW)).to.deep.equal({
      created: ist('2026-11-25T10:00:00'),
      started: null,
      comments: [],
      finished: null,
    });
    expect(demoHistory({ due: null, today: TODAY, comments: 0, status: 'PENDING' }, NOW).created).to.deep.equal(ist('2026-11-14T10:00:00'));
  });

  it('takes work up on the day given: a series task is made by the series job', () => {
    const history = demoHistory({ due: '2026-11-20', today: TODAY, comments: 0, status: 'COMPLETED', takenUp: '2026-11-05' }, NOW);
    expect(history.created).to.deep.equal(ist('2026-11-05T10:00:00'));
    expect(history.started).to.deep.equal(ist('2026-11-06T11:30:00'));
    expect(history.finished).to.deep.equal(ist('2026-11-19T13:00:00'));
  });

  it('blocks work after its comments', () => {
    const history = demoHistory({ due: '2026-11-25', today: TODAY, comments: 2, status: 'BLOCKED' }, NOW);
    expect(history.comments).to.deep.equal([ist('2026-11-06T13:00:00'), ist('2026-11-08T14:30:00')]);
    expect(history.finished).to.deep.equal(ist('2026-11-10T10:00:00'));
  });

  it('never dates anything later than now, and keeps the events in order when they crowd into today', () => {
    const history = demoHistory({ due: '2027-01-31', today: TODAY, comments: 3, status: 'BLOCKED' }, NOW);
    const times = [history.created, history.started!, ...history.comments, history.finished!].map((date) => date.getTime());
    expect(times).to.deep.equal([...times].sort((left, right) => left - right));
    expect(new Set(times).size).to.equal(times.length);
    expect(Math.max(...times)).to.be.below(NOW.getTime());
    expect(history.comments[1]!.getTime(), 'planned for tomorrow').to.be.below(NOW.getTime());
  });
});
