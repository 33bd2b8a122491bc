// A record the server computed for the page's head and served in it as JSON (apps/server/src/modules/seo): the
// app's first render reads it instead of asking the server for the same record again.

/** What was served under `element`: read once and removed, so a later visit in the same tab asks the server. */
export function takeServedData<T>(element: string): T | undefined {
  const served = typeof document === 'undefined' ? null : document.getElementById(element);
  if (!served?.textContent) return undefined;
  served.remove();
  try {
    return JSON.parse(served.textContent) as T;
  } catch {
    return undefined;
  }
}

/** The record served under `element` when it is the one with `id`. */
export function takeServed<T extends { _id: string }>(element: string, id: string): T | undefined {
  const record = takeServedData<T>(element);
  return record?._id === id ? record : undefined;
}
