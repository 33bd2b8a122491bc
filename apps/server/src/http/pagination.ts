// Every list is a page: `{ items, total, page, pageSize }`, 20 by default and 100 at most (openapi.yaml).
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

export interface PageRequest {
  page: number;
  pageSize: number;
  limit: number;
  offset: number;
}

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

function positive(value: unknown, fallback: number, max: number): number {
  const number = Number(value);
  return Number.isInteger(number) && number >= 1 ? Math.min(number, max) : fallback;
}

export function pageRequest(query: Record<string, unknown>): PageRequest {
  const page = positive(query.page, 1, 10_000);
  const pageSize = positive(query.pageSize, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);
  return { page, pageSize, limit: pageSize, offset: (page - 1) * pageSize };
}

export function pageOf<T>(items: readonly T[], total: number, request: PageRequest): Page<T> {
  return { items: [...items], total, page: request.page, pageSize: request.pageSize };
}
