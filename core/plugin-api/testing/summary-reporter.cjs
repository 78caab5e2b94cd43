// Mocha's spec output, then the slowest test files and tests (where CI time goes), closed by the one summary line CI reads:
// "N passed, N failed[, N skipped]".
const Mocha = require('mocha');
const path = require('node:path');

const SLOWEST_FILES_SHOWN = 15;
const SLOWEST_TESTS_SHOWN = 15;

class SummaryReporter extends Mocha.reporters.Spec {
  constructor(runner, options) {
    super(runner, options);
    const started = new Map();
    const secondsByFile = new Map();
    const finishedTests = [];
    runner.on(Mocha.Runner.constants.EVENT_TEST_END, (test) => {
      if (test.duration !== undefined) finishedTests.push(test);
    });
    runner.on(Mocha.Runner.constants.EVENT_SUITE_BEGIN, (suite) => {
      if (suite.file && suite.parent?.root) started.set(suite, Date.now());
    });
    runner.on(Mocha.Runner.constants.EVENT_SUITE_END, (suite) => {
      const start = started.get(suite);
      if (start === undefined) return;
      const file = path.relative(process.cwd(), suite.file);
      secondsByFile.set(file, (secondsByFile.get(file) ?? 0) + (Date.now() - start) / 1000);
    });
    runner.once(Mocha.Runner.constants.EVENT_RUN_END, () => {
      const slowest = [...secondsByFile].sort((a, b) => b[1] - a[1]).slice(0, SLOWEST_FILES_SHOWN);
      if (slowest.length) {
        process.stdout.write('\nSlowest test files:\n');
        for (const [file, seconds] of slowest) process.stdout.write(`  ${seconds.toFixed(1).padStart(6)} s  ${file}\n`);
      }
      const slowestTests = finishedTests.sort((a, b) => b.duration - a.duration).slice(0, SLOWEST_TESTS_SHOWN);
      if (slowestTests.length) {
        process.stdout.write('\nSlowest tests:\n');
        for (const test of slowestTests) process.stdout.write(`  ${(test.duration / 1000).toFixed(1).padStart(6)} s  ${test.fullTitle()}\n`);
      }
      const { passes, failures, pending } = runner.stats;
      process.stdout.write(`\n${passes} passed, ${failures} failed${pending ? `, ${pending} skipped` : ''}\n`);
    });
  }
}

module.exports = SummaryReporter;
