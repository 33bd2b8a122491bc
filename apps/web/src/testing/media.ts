// jsdom has no matchMedia. This stand-in answers every query "no" except the ones a test turns on, and tells
// listeners when that changes (as the system's dark-mode switch or reduced-motion setting would).
const on = new Set<string>();

class FakeMediaQueryList extends EventTarget {
  onchange = null;
  constructor(readonly media: string) {
    super();
  }
  get matches() {
    return on.has(this.media);
  }
  addListener() {}
  removeListener() {}
}

const lists = new Map<string, FakeMediaQueryList>();
const listFor = (query: string) => {
  const list = lists.get(query) ?? new FakeMediaQueryList(query);
  lists.set(query, list);
  return list;
};

export function installMatchMedia() {
  window.matchMedia = (query: string) => listFor(query) as unknown as MediaQueryList;
}

/** Turns a media query on or off for the page, e.g. '(prefers-color-scheme: dark)'. */
export function setMediaQuery(query: string, matches: boolean) {
  if (matches) on.add(query);
  else on.delete(query);
  listFor(query).dispatchEvent(new Event('change'));
}

export function resetMediaQueries() {
  on.clear();
}
