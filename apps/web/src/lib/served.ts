// A record the server computed for the page's head and served in it as JSON (apps/server/src/modules/seo): the
// app's first render reads it instead of asking the server for the same record again.

/**
 * The record served under `element` when it is the one with `id`: read once and removed, so a later visit in the
 * same tab asks the server for a fresh one.
 */
export function takeServed<T extends { _id: string }>(element: string, id: string): T | undefined {
  const served = typeof document === 'undefined' ? null : document.getElementById(element);
  if (!served?.textContent) return undefined;
  served.remove();
  try {
    const record = JSON.parse(served.textContent) as T;
    return record._id === id ? record : undefined;
  } catch {
    return undefined;
  }
}
