import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { projectRoot } from '../core/platform/config';

export const round = (value: number, digits = 1) => +value.toFixed(digits);

/** The value at `fraction` (0.95 for the p95) of timings sorted in ascending order. */
export const percentile = (sorted: number[], fraction: number) => sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;

/** What autocannon's `--json` answers, as far as the benches read it. */
export interface LoadResult {
  latency: { p50: number; p99: number };
  requests: { average: number };
  non2xx: number;
}

/** `url` at `connections` for `seconds`, from autocannon in its own process, so the server keeps its CPU to itself. */
export async function autocannon(
  url: string,
  cookie: string,
  { connections = 50, seconds }: { connections?: number; seconds: number },
): Promise<LoadResult> {
  const cli = path.join(projectRoot, 'node_modules', '.bin', 'autocannon');
  const args = ['--json', '-c', String(connections), '-d', String(seconds), '-H', `cookie=${cookie}`, url];
  const { stdout } = await promisify(execFile)(cli, args, { maxBuffer: 16 << 20 });
  return JSON.parse(stdout) as LoadResult;
}

const WARM_UP_ROUNDS = 20;
const MEASURED_ROUNDS = 300;

/**
 * One request at a time, what a single user waits for: the requests in turn, round after round (20 warm-up, 300
 * measured), so whatever else the machine is doing weighs on each of them alike. Each request throws on a wrong
 * answer. Answers each one's p50 and p95 in milliseconds.
 */
export async function timedInTurn(requests: (() => Promise<void>)[]): Promise<{ p50: number; p95: number }[]> {
  const timings = requests.map((): number[] => []);
  for (let round = 0; round < WARM_UP_ROUNDS + MEASURED_ROUNDS; round += 1) {
    for (const [index, request] of requests.entries()) {
      const started = performance.now();
      await request();
      if (round >= WARM_UP_ROUNDS) timings[index]!.push(performance.now() - started);
    }
  }
  return timings.map((each) => {
    each.sort((left, right) => left - right);
    return { p50: round(percentile(each, 0.5), 2), p95: round(percentile(each, 0.95), 2) };
  });
}
