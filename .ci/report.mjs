// What .ci/run reads out of the test runners' JSON reports, and its budget. Plain Node, no packages:
// it runs before and after `npm ci`.
//   node .ci/report.mjs counts vitest|playwright FILE       → "PASSED FAILED" (a missing report: one failure)
//   node .ci/report.mjs slowest vitest|playwright FILE [N]  → the N slowest test files (default 10)
//   node .ci/report.mjs budget BUDGET_JSON TIMES_TSV        → each step against its budget, and the whole run
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const [command, kind, file, extra] = process.argv.slice(2);
const read = (f) => JSON.parse(readFileSync(f, 'utf8'));
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

function vitestCounts(report) {
  const failedSuites = report.numRuntimeErrorTestSuites ?? 0;
  // A run that failed with no failed test (an error outside any test, a file that did not load) counts once.
  const silentFailure = report.success === false && report.numFailedTests === 0 && failedSuites === 0 ? 1 : 0;
  return [report.numPassedTests, report.numFailedTests + failedSuites + silentFailure];
}

function playwrightCounts(report) {
  const s = report.stats;
  return [s.expected + s.flaky, s.unexpected + (report.errors ?? []).length];
}

/** [file, ms] per test file: vitest's from each file's start and end, Playwright's as the sum of its tests' attempts. */
function fileTimes(kindOf, report) {
  if (kindOf === 'vitest') return report.testResults.map((r) => [path.relative(process.cwd(), r.name), Math.max(0, (r.endTime ?? 0) - (r.startTime ?? 0))]);
  const byFile = new Map();
  const walk = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        for (const result of test.results ?? []) byFile.set(spec.file, (byFile.get(spec.file) ?? 0) + (result.duration ?? 0));
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
  return [...byFile];
}

if (command === 'counts') {
  if (!file || !existsSync(file)) {
    console.log('0 1');
  } else {
    try {
      const report = read(file);
      console.log((kind === 'vitest' ? vitestCounts(report) : playwrightCounts(report)).join(' '));
    } catch {
      console.log('0 1');
    }
  }
} else if (command === 'slowest') {
  if (!file || !existsSync(file)) process.exit(0);
  const times = fileTimes(kind, read(file)).sort((a, b) => b[1] - a[1]);
  const total = times.reduce((sum, [, ms]) => sum + ms, 0);
  console.log(`  ${times.length} files, ${seconds(total)} of test time in all; the slowest:`);
  for (const [name, ms] of times.slice(0, Number(extra ?? 10))) console.log(`  ${seconds(ms).padStart(9)}  ${name}`);
} else if (command === 'budget') {
  // kind: the budget file; file: "step<TAB>seconds" lines in the order the steps ran.
  const budget = read(kind);
  const steps = readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => line.split('\t'))
    .map(([name, s]) => [name, Number(s)]);
  const total = steps.reduce((sum, [, s]) => sum + s, 0);
  const over = [];
  console.log('step'.padEnd(64) + 'seconds'.padStart(8) + 'budget'.padStart(8));
  for (const [name, s] of steps) {
    const limit = budget.steps?.[name];
    if (limit !== undefined && s > limit) over.push(`${name}: ${s} s of ${limit} s`);
    console.log(name.padEnd(64) + String(s).padStart(8) + (limit === undefined ? '' : String(limit)).padStart(8));
  }
  console.log('the whole run'.padEnd(64) + String(total).padStart(8) + String(budget.total_s).padStart(8));
  if (total > budget.total_s) over.unshift(`the whole run: ${total} s of ${budget.total_s} s`);
  for (const line of over) console.log(`WARNING over budget: ${line} (README.md, "Continuous integration", says what to do)`);
} else {
  console.error('usage: report.mjs counts|slowest vitest|playwright FILE [N] | budget BUDGET_JSON TIMES_TSV');
  process.exit(2);
}
