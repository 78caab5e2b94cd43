/** A signal that aborts when another does, or once its time is up. */
export interface TimedSignal {
  signal: AbortSignal;
  /** True when the time ran out before the other signal aborted. */
  readonly timedOut: boolean;
  /** Drops the timer and the listener on the other signal; call it once the work is over. */
  release(): void;
}

/**
 * `outer` with a time limit. An AbortController forwards `outer`'s abort rather than `AbortSignal.any`, which Safari
 * only has from 17.4 (older ones throw).
 */
export function abortAfter(outer: AbortSignal, timeoutMs: number): TimedSignal {
  const controller = new AbortController();
  let timedOut = false;
  const forward = () => controller.abort(outer.reason);
  const timer = setTimeout(() => {
    if (controller.signal.aborted) return;
    timedOut = true;
    controller.abort(new DOMException(`No answer within ${timeoutMs} ms`, 'TimeoutError'));
  }, timeoutMs);
  if (outer.aborted) forward();
  else outer.addEventListener('abort', forward, { once: true });
  return {
    signal: controller.signal,
    get timedOut() {
      return timedOut;
    },
    release() {
      clearTimeout(timer);
      outer.removeEventListener('abort', forward);
    },
  };
}
