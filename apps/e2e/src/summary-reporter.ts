// Writes the run's totals in the shape the root `npm test` sums (vitest's numPassedTests/numFailedTests/
// numPendingTests); Playwright's own JSON reporter counts expected/unexpected instead.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

export default class SummaryReporter implements Reporter {
  private readonly outputFile: string;
  private readonly outcomes = new Map<string, { title: string; status: string }>();

  constructor(options: { outputFile?: string } = {}) {
    this.outputFile = options.outputFile ?? 'test-results/e2e.json';
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    // the last attempt decides (retries would otherwise count twice)
    this.outcomes.set(test.id, { title: test.titlePath().slice(1).join(' > '), status: result.status });
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
          testResults: tests,
        },
        null,
        2,
      ),
    );
  }
}
