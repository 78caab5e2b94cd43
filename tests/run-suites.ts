/**
 * Runs the whole test suite as three mocha processes at once: the browser journeys split into two lanes, and
 * everything else, which spends much of its time waiting on timers, sockets and the database. The browser files
 * leave the CPU idle for long stretches (page loads, mail, animations), so two lanes finish far sooner than one; a
 * fourth lane made the run slower, as the tests that spawn worker processes then starve for CPU.
 * Each process has its own database, Redis scope and mailbox (all named after its pid). The first browser lane
 * streams its output; the others are printed when they end, so nothing interleaves. Ends with the one summary line
 * CI reads.
 */
import { spawn } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { projectRoot } from '../core/platform/config';

const MOCHA = path.join(projectRoot, 'node_modules', '.bin', 'mocha');
const SUMMARY = /^(\d+) passed, (\d+) failed(?:, (\d+) skipped)?$/m;
const BROWSER_LANES = 2;

/**
 * Seconds each heavy browser file took in a CI run on a 2-core machine, so the lanes come out even. A file not listed
 * counts as DEFAULT_BROWSER_FILE_SECONDS; the runner prints every run's slowest files to keep this current.
 */
const BROWSER_FILE_SECONDS: Record<string, number> = {
  'tests/browser/accessibility.test.ts': 260,
  'plugins/documents/tests/browser/accessibility.test.ts': 85,
  'plugins/tasks/tests/browser/accessibility.test.ts': 85,
  'plugins/notices/tests/browser/ai-and-sync.test.ts': 112,
  'plugins/notices/tests/browser/notices-list.test.ts': 112,
  'tests/browser/accounts.test.ts': 87,
  'tests/browser/clients.test.ts': 80,
  'tests/browser/global-search-real.test.ts': 76,
  'tests/browser/settings.test.ts': 75,
  'tests/browser/light-pages.test.ts': 74,
  'plugins/notices/tests/browser/notice-details.test.ts': 73,
  'plugins/documents/tests/browser/documents.test.ts': 57,
  'tests/browser/public-pages.test.ts': 52,
  'tests/browser/auth-pages.test.ts': 52,
  'tests/browser/global-search.test.ts': 44,
  'plugins/tasks/tests/browser/tasks.test.ts': 42,
  'tests/browser/notifications.test.ts': 37,
  'tests/browser/profile-panels.test.ts': 36,
  'tests/browser/workspace-frame.test.ts': 34,
};
const DEFAULT_BROWSER_FILE_SECONDS = 25;

interface SuiteRun {
  output: string;
  exitCode: number;
}

function run(command: string, args: string[], stream: boolean): Promise<SuiteRun> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: projectRoot });
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

function testFilesUnder(folder: string): string[] {
  return readdirSync(path.join(projectRoot, folder)).flatMap((entry) => {
    const relative = path.join(folder, entry);
    if (entry === 'node_modules') return [];
    if (statSync(path.join(projectRoot, relative)).isDirectory()) return testFilesUnder(relative);
    return entry.endsWith('.test.ts') ? [relative] : [];
  });
}

const testFiles = () => ['core', 'plugins', 'tests'].flatMap(testFilesUnder);
const isBrowserFile = (file: string) => file.split(path.sep).includes('browser');

/** Longest first, each to the lane with the least work so far. */
function intoLanes(files: string[], lanes: number): string[][] {
  const weight = (file: string) => BROWSER_FILE_SECONDS[file] ?? DEFAULT_BROWSER_FILE_SECONDS;
  const result = Array.from({ length: lanes }, () => ({ files: [] as string[], seconds: 0 }));
  for (const file of [...files].sort((a, b) => weight(b) - weight(a))) {
    const lightest = result.reduce((best, lane) => (lane.seconds < best.seconds ? lane : best));
    lightest.files.push(file);
    lightest.seconds += weight(file);
  }
  return result.map((lane) => lane.files.sort());
}

/** A run that printed no summary (it crashed before the end) counts as one failure. */
type Counts = [passed: number, failed: number, skipped: number];

function countsOf(suite: SuiteRun): Counts {
  const match = SUMMARY.exec(suite.output.split('\n').slice(-20).join('\n'));
  if (!match) return [0, 1, 0];
  return [Number(match[1]), Number(match[2]), Number(match[3] ?? 0)];
}

const withoutSummary = (output: string) => output.replace(/\n\d+ passed, \d+ failed(?:, \d+ skipped)?\n*$/, '\n');

async function browserLanes(): Promise<SuiteRun[]> {
  // Built once here: lanes that each found the build stale would each build it.
  const build = await run(process.execPath, ['--import', 'tsx', 'shell/build/build.ts', '--if-stale', '--with-test-fixtures'], false);
  if (build.exitCode !== 0) return [{ output: `The web build failed:\n${build.output}\n0 passed, 1 failed\n`, exitCode: 1 }];
  const lanes = intoLanes(testFiles().filter(isBrowserFile), BROWSER_LANES);
  return Promise.all(lanes.map((files, lane) => run(MOCHA, files, lane === 0)));
}

const [browser, other] = await Promise.all([
  browserLanes(),
  run(
    MOCHA,
    testFiles().filter((file) => !isBrowserFile(file)),
    false,
  ),
]);
browser.slice(1).forEach((lane, index) => process.stdout.write(`\n---- browser lane ${index + 2} ----\n${withoutSummary(lane.output)}`));
process.stdout.write(`\n---- the tests without a browser ----\n${withoutSummary(other.output)}`);

const runs = [...browser, other];
const [passed, failed, skipped] = runs.map(countsOf).reduce((sum, counts): Counts => [sum[0] + counts[0], sum[1] + counts[1], sum[2] + counts[2]]);
process.stdout.write(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`);
// Not process.exit(): it would drop what is still queued for a piped stdout, the summary line CI reads included.
process.exitCode = runs.every((suite) => suite.exitCode === 0) && failed === 0 ? 0 : 1;
