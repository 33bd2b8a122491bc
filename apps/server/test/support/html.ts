// Reads a served page as a browser would (parse5 is the HTML standard's parser), so tests see the elements a
// crawler sees, not strings that merely look right.
import { parse, serialize, type DefaultTreeAdapterMap } from 'parse5';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

function* walk(node: Node): Generator<Element> {
  if ('tagName' in node) yield node;
  const children = 'content' in node ? node.content.childNodes : 'childNodes' in node ? node.childNodes : [];
  for (const child of children) yield* walk(child);
}

const attr = (element: Element, name: string) => element.attrs.find((a) => a.name === name)?.value;
const text = (element: Element) =>
  element.childNodes
    .map((child) => ('value' in child && child.nodeName === '#text' ? child.value : ''))
    .join('');

export function readPage(html: string) {
  const all = [...walk(parse(html))];
  const head = all.find((element) => element.tagName === 'head');
  const inHead = head ? [...walk(head)] : [];
  const meta = (key: 'name' | 'property', value: string) =>
    inHead.filter((e) => e.tagName === 'meta' && attr(e, key) === value).map((e) => attr(e, 'content'));
  return {
    titles: all.filter((e) => e.tagName === 'title').map(text),
    /** The content of every <meta name=...> with this name (a list, to catch duplicates). */
    metaName: (name: string) => meta('name', name),
    metaProperty: (property: string) => meta('property', property),
    canonical: inHead
      .filter((e) => e.tagName === 'link' && attr(e, 'rel') === 'canonical')
      .map((e) => attr(e, 'href')),
    scripts: all
      .filter((e) => e.tagName === 'script')
      .map((e) => ({ type: attr(e, 'type'), src: attr(e, 'src'), text: text(e) })),
    jsonLd: inHead
      .filter((e) => e.tagName === 'script' && attr(e, 'type') === 'application/ld+json')
      .map((e) => JSON.parse(text(e)) as Record<string, unknown>),
    /** The href of every <link rel="preload" as="image"> in the head. */
    imagePreloads: inHead
      .filter((e) => e.tagName === 'link' && attr(e, 'rel') === 'preload' && attr(e, 'as') === 'image')
      .map((e) => attr(e, 'href')),
    hasRoot: all.some((e) => attr(e, 'id') === 'root'),
    /** What #root holds, as HTML (the static first frame of a page the web build drew ahead). */
    root: ((root) => (root ? serialize(root) : undefined))(all.find((e) => attr(e, 'id') === 'root')),
  };
}
