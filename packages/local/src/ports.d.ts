export function freePort(): Promise<number>;
export function portAnswers(port: number): Promise<boolean>;
