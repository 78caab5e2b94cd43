/**
 * Runs the whole test suite as two mocha processes at once: the browser journeys, which keep Chromium and the CPU
 * busy, and everything else, which spends much of its time waiting on timers, sockets and the database. Each process
 * has its own database, Redis scope and mailbox (all named after its pid). The browser run streams its output; the
 * other's is printed when it ends, so neither interleaves. Ends with the one summary line CI reads.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { projectRoot } from '../core/platform/config';

const MOCHA = path.join(projectRoot, 'node_modules', '.bin', 'mocha');
const BROWSER = '**/browser/**';
const SUMMARY = /^(\d+) passed, (\d+) failed(?:, (\d+) skipped)?$/m;

interface SuiteRun {
  output: string;
  exitCode: number;
}

function runMocha(args: string[], stream: boolean): Promise<SuiteRun> {
  return new Promise((resolve) => {
    const child = spawn(MOCHA, args, { cwd: projectRoot });
    let output = '';
    const take = (chunk: Buffer) => {
      output += chunk.toString();
      if (stream) process.stdout.write(chunk);
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    child.on('close', (code) => resolve({ output, exitCode: code ?? 1 }));
  });
}

/** A run that printed no summary (it crashed before the end) counts as one failure. */
type Counts = [passed: number, failed: number, skipped: number];

function countsOf(run: SuiteRun): Counts {
  const match = SUMMARY.exec(run.output.split('\n').slice(-20).join('\n'));
  if (!match) return [0, 1, 0];
  return [Number(match[1]), Number(match[2]), Number(match[3] ?? 0)];
}

const withoutSummary = (output: string) => output.replace(/\n\d+ passed, \d+ failed(?:, \d+ skipped)?\n*$/, '\n');

const [browser, other] = await Promise.all([
  runMocha([`core/${BROWSER}/*.test.ts`, `plugins/*/tests/browser/**/*.test.ts`, `tests/browser/**/*.test.ts`], true),
  runMocha(['core/**/*.test.ts', 'plugins/*/tests/**/*.test.ts', 'tests/**/*.test.ts', '--ignore', BROWSER], false),
]);
process.stdout.write(`\n---- the tests without a browser ----\n${withoutSummary(other.output)}`);

const [passed, failed, skipped] = [countsOf(browser), countsOf(other)].reduce((sum, counts): Counts => [
  sum[0] + counts[0],
  sum[1] + counts[1],
  sum[2] + counts[2],
]);
process.stdout.write(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`);
process.exit(browser.exitCode === 0 && other.exitCode === 0 && failed === 0 ? 0 : 1);
