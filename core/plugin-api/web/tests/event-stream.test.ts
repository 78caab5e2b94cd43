import { expect } from 'chai';
import { NOTIFICATION_STREAM_END_EVENT, NOTIFICATION_STREAM_RETRY_MS, type NotificationStreamEndReason } from '../../../notifications/wire';
import { followEventStream } from '../event-stream';

/** Every fake EventSource the helper opened in the current test, oldest first. */
let opened: FakeEventSource[] = [];

/** A browser's EventSource that the test drives: it records what the helper asks of it and dispatches what the test says. */
class FakeEventSource {
  readonly listeners = new Map<string, ((event: Event) => void)[]>();
  closed = false;

  constructor(readonly url: string) {
    opened.push(this);
  }

  addEventListener(name: string, listener: (event: Event) => void): void {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), listener]);
  }

  close(): void {
    this.closed = true;
  }

  receive(name: string, data: unknown, lastEventId = ''): void {
    expect(this.closed, `an event on the closed stream ${this.url}`).to.equal(false);
    const event = new MessageEvent(name, { data: JSON.stringify(data), lastEventId });
    for (const listener of this.listeners.get(name) ?? []) listener(event);
  }

  fail(): void {
    for (const listener of this.listeners.get('error') ?? []) listener(new Event('error'));
  }
}

interface PendingTimer {
  id: number;
  at: number;
  run: () => void;
}

/** setTimeout and clearTimeout on a clock that moves only when the test says so. */
function fakeClock() {
  let now = 0;
  let nextId = 1;
  let pending: PendingTimer[] = [];
  return {
    setTimeout: (run: () => void, delay: number) => {
      pending.push({ id: nextId, at: now + delay, run });
      return nextId++;
    },
    clearTimeout: (id: number | undefined) => {
      pending = pending.filter((timer) => timer.id !== id);
    },
    advance(ms: number) {
      now += ms;
      const due = pending.filter((timer) => timer.at <= now).sort((a, b) => a.at - b.at);
      pending = pending.filter((timer) => timer.at > now);
      for (const timer of due) timer.run();
    },
    pendingCount: () => pending.length,
  };
}

/**
 * Runs `test` with the fake EventSource and clock in place of the real ones. The test is synchronous and the real
 * ones come back before it returns, so the test host sharing this process never sees the fakes.
 */
function inFakeBrowser(test: (clock: ReturnType<typeof fakeClock>) => void): void {
  const clock = fakeClock();
  const real = { EventSource: globalThis.EventSource, setTimeout: globalThis.setTimeout, clearTimeout: globalThis.clearTimeout };
  opened = [];
  Object.assign(globalThis, { EventSource: FakeEventSource, setTimeout: clock.setTimeout, clearTimeout: clock.clearTimeout });
  try {
    test(clock);
  } finally {
    Object.assign(globalThis, real);
  }
}

const FINAL_END_REASONS: NotificationStreamEndReason[] = ['logout', 'session-expired', 'membership-removed', 'workspace-deleted'];

describe('followEventStream', () => {
  it('hands each event to the listener of its name', () =>
    inFakeBrowser(() => {
      const received: string[] = [];
      followEventStream(() => '/stream', {
        events: {
          notifications: ({ data, lastEventId }) => received.push(`notifications ${data} #${lastEventId}`),
          message: ({ data }) => received.push(`message ${data}`),
        },
      });
      expect(opened.map((source) => source.url)).to.deep.equal(['/stream']);
      opened[0].receive('notifications', { unread: 3 }, '41');
      opened[0].receive('message', { running: true });
      expect(received).to.deep.equal(['notifications {"unread":3} #41', 'message {"running":true}']);
    }));

  it('closes a failed connection and opens a new one after the retry delay, at the address asked then', () =>
    inFakeBrowser((clock) => {
      let addressesAsked = 0;
      let errors = 0;
      followEventStream(() => `/stream?attempt=${++addressesAsked}`, { events: {}, onError: () => errors++ });
      opened[0].fail();
      expect(errors).to.equal(1);
      expect(opened[0].closed).to.equal(true);
      clock.advance(NOTIFICATION_STREAM_RETRY_MS - 1);
      expect(opened).to.have.length(1);
      clock.advance(1);
      expect(opened.map((source) => source.url)).to.deep.equal(['/stream?attempt=1', '/stream?attempt=2']);
      expect(opened[1].closed).to.equal(false);
    }));

  for (const reason of FINAL_END_REASONS) {
    it(`stays closed after an end for ${reason}`, () =>
      inFakeBrowser((clock) => {
        followEventStream(() => '/stream', { events: {} });
        opened[0].receive(NOTIFICATION_STREAM_END_EVENT, { reason });
        expect(opened[0].closed).to.equal(true);
        expect(clock.pendingCount()).to.equal(0);
        clock.advance(NOTIFICATION_STREAM_RETRY_MS * 10);
        expect(opened).to.have.length(1);
      }));
  }

  it('opens again after the retry delay when the server ends for a shutdown, without calling it an error', () =>
    inFakeBrowser((clock) => {
      let errors = 0;
      followEventStream(() => '/stream', { events: {}, onError: () => errors++ });
      opened[0].receive(NOTIFICATION_STREAM_END_EVENT, { reason: 'shutdown' });
      expect(opened[0].closed).to.equal(true);
      clock.advance(NOTIFICATION_STREAM_RETRY_MS);
      expect(opened).to.have.length(2);
      expect(opened[1].closed).to.equal(false);
      expect(errors).to.equal(0);
    }));

  it('closes the open connection and cancels a pending reopen when closed', () =>
    inFakeBrowser((clock) => {
      const close = followEventStream(() => '/stream', { events: {} });
      opened[0].fail();
      clock.advance(NOTIFICATION_STREAM_RETRY_MS);
      expect(opened).to.have.length(2);
      opened[1].fail();
      close();
      expect(clock.pendingCount()).to.equal(0);
      clock.advance(NOTIFICATION_STREAM_RETRY_MS * 10);
      expect(opened).to.have.length(2);

      const closeOpen = followEventStream(() => '/other', { events: {} });
      closeOpen();
      expect(opened[2].closed).to.equal(true);
    }));
});
