export const SERVER_NODE_FLAGS: readonly string[];
export function serverArgs(extra?: readonly string[]): string[];
