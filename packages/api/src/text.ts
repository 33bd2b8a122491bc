// Text as people write it, the same on the server (before the contract checks a body: apps/server's
// http/trim-body.ts) and in the mocks (their contract guard): spaces at either end go, and so do the bidirectional
// embeddings, overrides and isolates, which only steer how text is drawn and with which a sender makes "gnp.exe"
// read "exe.png" in an inbox or an email. They are removed rather than refused: nobody can see them to take them
// out, and text pasted from a word processor may carry them. The marks (U+200E, U+200F, U+061C) stay: they only
// place neutral characters beside them and cannot turn a run of letters around. Control characters (NUL, a bell,
// a C1 control) are not removed here: the contract's PlainText refuses them with a 400 that names the field.

/** LRE, RLE, PDF, LRO, RLO (U+202A-U+202E) and LRI, RLI, FSI, PDI (U+2066-U+2069). */
export const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;

/** Levels of objects and arrays a JSON body may have; the contract's deepest request body has 2. */
export const MAX_BODY_DEPTH = 32;

/** A string as it is checked and stored: without bidirectional controls, and trimmed. */
export function plainText(value: string): string {
  return value.replace(BIDI_CONTROLS, '').trim();
}

type Container = Record<string, unknown>;

/**
 * Every string of a parsed JSON body as `plainText`, in place; false (part-done) when the body is deeper than
 * MAX_BODY_DEPTH. It keeps its own stack, so no body can exhaust the call stack.
 */
export function plainTextWithin(body: object): boolean {
  const stack: { node: Container; depth: number }[] = [{ node: body as Container, depth: 1 }];
  for (let top = stack.pop(); top; top = stack.pop()) {
    const { node, depth } = top;
    for (const key of Object.keys(node)) {
      const value = node[key];
      if (typeof value === 'string') {
        const plain = plainText(value);
        // defineProperty, not assignment: a key "__proto__" (an own property from JSON.parse) stays a property.
        if (plain !== value) Object.defineProperty(node, key, { value: plain });
      } else if (value !== null && typeof value === 'object') {
        if (depth === MAX_BODY_DEPTH) return false;
        stack.push({ node: value as Container, depth: depth + 1 });
      }
    }
  }
  return true;
}
