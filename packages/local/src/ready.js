// A process a run started, awaited until it can be used: its URL answers 2xx, or its output says it listens.
// Either wait ends in an error that names the process, and shows the end of its output, when it exits first or
// is not ready in time. `npm start`, the browser tests' setup and the benches each used to write this themselves.

const TAIL = 3000;

/** @param {import('node:child_process').ChildProcess} child */
const hasExited = (child) => child.exitCode !== null || child.signalCode !== null;

/**
 * @param {string} message
 * @param {string} output
 */
const notReady = (message, output) => new Error(output ? `${message}:\n${output.slice(-TAIL)}` : message);

/**
 * @param {string} name
 * @param {import('node:child_process').ChildProcess} child
 */
const exitedEarly = (name, child) =>
  `${name} exited (${child.signalCode ?? `exit ${child.exitCode}`}) before it was ready`;

/**
 * Resolves once `url` answers 2xx; rejects when `child` exits first, or after `seconds`.
 * @param {string} url
 * @param {import('node:child_process').ChildProcess} child
 * @param {import('./ready.js').WaitOptions} options
 * @returns {Promise<void>}
 */
export async function waitForUrl(url, child, { name, seconds, output = () => '' }) {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    if (hasExited(child)) throw notReady(exitedEarly(name, child), output());
    if (Date.now() > deadline) throw notReady(`${name} was not ready after ${seconds} s`, output());
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * Resolves once `child` has printed `marker` on its piped stdout or stderr; rejects when it exits first, or after
 * `seconds`. It stops listening then: what the child prints later is the caller's to read, or dropped.
 * @param {import('node:child_process').ChildProcess} child
 * @param {string} marker
 * @param {Omit<import('./ready.js').WaitOptions, 'output'>} options
 * @returns {Promise<void>}
 */
export function waitForOutput(child, marker, { name, seconds }) {
  return new Promise((resolve, reject) => {
    const streams = [child.stdout, child.stderr].filter((stream) => stream !== null);
    let output = '';
    /** @param {Error} [error] */
    const done = (error) => {
      clearTimeout(timer);
      for (const stream of streams) stream.off('data', onData);
      child.off('exit', onExit);
      if (error) reject(error);
      else resolve();
    };
    /** @param {Buffer} chunk */
    const onData = (chunk) => {
      output += chunk.toString();
      if (output.includes(marker)) done();
    };
    const onExit = () => done(notReady(exitedEarly(name, child), output));
    const timer = setTimeout(
      () => done(notReady(`${name} was not ready after ${seconds} s`, output)),
      seconds * 1000,
    );
    for (const stream of streams) stream.on('data', onData);
    child.once('exit', onExit);
    if (hasExited(child)) onExit();
  });
}
