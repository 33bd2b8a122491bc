// Ports on 127.0.0.1 for what a run starts: a free one to listen on, and whether something answers on one.
import { createConnection, createServer } from 'node:net';

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
