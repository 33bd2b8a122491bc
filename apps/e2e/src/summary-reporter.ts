// Writes the run's totals in the shape the root `npm test` sums (vitest's numPassedTests/numFailedTests/
// numPendingTests, and testResults with each file's start and end for its table of the slowest files);
// Playwright's own JSON reporter counts expected/unexpected instead.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

export default class SummaryReporter implements Reporter {
  private readonly outputFile: string;
  private readonly outcomes = new Map<string, { title: string; status: string }>();
  /** Each spec file's first start and last end, in ms since the epoch. */
  private readonly files = new Map<string, { startTime: number; endTime: number }>();

  constructor(options: { outputFile?: string } = {}) {
    this.outputFile = options.outputFile ?? 'test-results/e2e.json';
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    // the last attempt decides (retries would otherwise count twice)
    this.outcomes.set(test.id, { title: test.titlePath().slice(1).join(' > '), status: result.status });
    const start = result.startTime.getTime();
    const end = start + result.duration;
    const file = this.files.get(test.location.file);
    this.files.set(test.location.file, {
      startTime: Math.min(file?.startTime ?? start, start),
      endTime: Math.max(file?.endTime ?? end, end),
    });
  }

  onEnd(result: FullResult): void {
    const tests = [...this.outcomes.values()];
    const count = (statuses: string[]) => tests.filter((test) => statuses.includes(test.status)).length;
    const numPassedTests = count(['passed']);
    const numFailedTests = count(['failed', 'timedOut', 'interrupted']);
    const numPendingTests = count(['skipped']);
    mkdirSync(dirname(this.outputFile), { recursive: true });
    writeFileSync(
      this.outputFile,
      JSON.stringify(
        {
          success: result.status === 'passed' && numFailedTests === 0,
          numTotalTests: tests.length,
          numPassedTests,
          numFailedTests,
          numPendingTests,
          tests,
          testResults: [...this.files].map(([name, times]) => ({ name, ...times })),
        },
        null,
        2,
      ),
    );
  }
}
