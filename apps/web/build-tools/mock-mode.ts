// `vite --mode mock` (npm run dev:mock): QA's mocked build (vite.config.ts gives it mock-public/ and no proxy).
// Its dev and preview servers print the demo accounts under their URLs.
import type * as Fixtures from '@recell/api/fixtures';
import { runnerImport, type Plugin } from 'vite';

export const MOCK_MODE = 'mock';

async function banner(root: string): Promise<string> {
  // the config itself cannot import the fixtures (TypeScript source in a workspace package); Vite's runner can
  const { module } = await runnerImport<typeof Fixtures>('@recell/api/fixtures', { root, configFile: false });
  const accounts = Object.values(module.demoAccounts).map(
    (account) => `    ${account.role.padEnd(7)} ${account.email.padEnd(22)} ${account.password}`,
  );
  return [
    '',
    '  ReCell on mocked APIs (MSW in the browser; no server, no emulator)',
    '  demo accounts (or pick a persona in the QA panel, bottom left):',
    ...accounts,
    '  scenarios (QA panel): normal, slow network, server errors, empty data, live updates down',
    '',
  ].join('\n');
}

interface PrintingServer {
  printUrls(): void;
  config: { root: string; logger: { info(message: string): void } };
}

export function mockModeBanner(): Plugin {
  const printBanner = async (server: PrintingServer) => {
    const text = await banner(server.config.root);
    const printUrls = server.printUrls.bind(server);
    server.printUrls = () => {
      printUrls();
      server.config.logger.info(text);
    };
  };
  return {
    name: 'recell:mock-mode-banner',
    configureServer: printBanner,
    configurePreviewServer: printBanner,
  };
}
