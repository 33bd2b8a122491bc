import type { ChildProcess } from 'node:child_process';

export interface WaitOptions {
  /** how the error names the process: "the server", "the Auth emulator" */
  name: string;
  seconds: number;
  /** what the process printed so far, for the error */
  output?: () => string;
}
export function waitForUrl(url: string, child: ChildProcess, options: WaitOptions): Promise<void>;
export function waitForOutput(
  child: ChildProcess,
  marker: string,
  options: Omit<WaitOptions, 'output'>,
): Promise<void>;
