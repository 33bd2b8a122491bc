// Debian's Chromium with the flags this offline machine needs (setup-notes.md): without the background-networking
// ones it tries Google's hosts at every start and is refused. And free 127.0.0.1 ports for what a run starts.
import { createConnection, createServer } from 'node:net';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

/** @returns {Promise<number>} a port nobody listens on right now, on 127.0.0.1 */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * @param {number} port
 * @returns {Promise<boolean>} whether something accepts connections on 127.0.0.1:`port` (a stopped server does not)
 */
export function portAnswers(port) {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
