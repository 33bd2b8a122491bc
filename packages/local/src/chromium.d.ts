export const CHROMIUM: string;
export const CHROMIUM_FLAGS: string[];
export function freePort(): Promise<number>;
export function portAnswers(port: number): Promise<boolean>;
