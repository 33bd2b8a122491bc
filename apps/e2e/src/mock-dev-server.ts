// QA's mocked app as `npm run dev:mock` serves it (`vite --mode mock` in apps/web: the dev server, its config and
// mode), on the host and port given, for globalSetup to start as a child process. Two differences, both for the
// test run only: it watches no files, so an edit made in the tree while the suite runs cannot reload a page under
// a test; and it transforms the screens at start rather than on their first visit.
// Usage: node --import tsx src/mock-dev-server.ts <web app dir> <port>
import { createServer } from 'vite';

const [root, port] = process.argv.slice(2);
if (!root || !port) throw new Error('usage: mock-dev-server.ts <web app dir> <port>');

const server = await createServer({
  root,
  mode: 'mock',
  server: {
    host: '127.0.0.1',
    port: Number(port),
    strictPort: true,
    watch: null,
    warmup: {
      clientFiles: [
        './src/main.tsx',
        './src/app/routes.ts',
        './src/app/pages/*.tsx',
        './src/features/*/components/*.tsx',
      ],
    },
  },
});
await server.listen();
server.printUrls();

for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => void server.close().then(() => process.exit(0)));
