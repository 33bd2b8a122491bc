export function ensureDebianPackage(name: string, check: () => boolean): void;
