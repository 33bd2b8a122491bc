export const EMULATOR_PROJECT: string;
export const firebaseCli: string;
export function writeEmulatorConfig(
  dir: string,
  ports?: { authPort?: number },
): Promise<{ authPort: number; hubPort: number }>;
export function emulatorCommand(): string[];
export function emulatorEnv(dir: string): NodeJS.ProcessEnv;
export function isOurEmulator(ports: { authPort: number; hubPort: number }): Promise<boolean>;
