// A process kept running, as a process supervisor (systemd's Restart=always) keeps one: when it exits on its own
// it is started again after a delay that doubles with each exit in a row, and back to the first delay once a
// process has run long enough to count as healthy. Only stop() ends it. `npm run start:scaled` supervises each
// server process with it, so one process killed (kill -9, a crash) does not take the whole stack down.

/** @param {import('node:child_process').ChildProcess} child */
const running = (child) => child.exitCode === null && child.signalCode === null;

/**
 * Starts `start(restarts)` (restarts: 0 the first time) and starts it again whenever the process exits, until
 * stop(). `onExit` hears each exit that will be followed by a restart, with the delay before it.
 * @param {import('./supervise.js').SuperviseOptions} options
 * @returns {import('./supervise.js').Supervised}
 */
export function supervise({
  start,
  onExit = () => {},
  shouldRestart = () => true,
  firstDelayMs = 500,
  maxDelayMs = 10_000,
  healthyMs = 30_000,
}) {
  let stopped = false;
  let restarts = 0;
  let delayMs = firstDelayMs;
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  /** @type {import('node:child_process').ChildProcess} */
  let child;

  const launch = () => {
    timer = undefined;
    const startedAt = Date.now();
    child = start(restarts);
    child.once('exit', (code, signal) => {
      if (stopped || !shouldRestart()) return;
      if (Date.now() - startedAt >= healthyMs) delayMs = firstDelayMs;
      const wait = delayMs;
      delayMs = Math.min(delayMs * 2, maxDelayMs);
      restarts += 1;
      onExit({ code, signal, delayMs: wait });
      timer = setTimeout(() => {
        if (!stopped && shouldRestart()) launch();
      }, wait);
    });
  };
  launch();

  return {
    get child() {
      return child;
    },
    get restarts() {
      return restarts;
    },
    async stop(signal = 'SIGTERM', graceMs = 8000) {
      stopped = true;
      clearTimeout(timer);
      if (!child || !running(child)) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill(signal);
      const kill = setTimeout(() => running(child) && child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(kill);
    },
  };
}
