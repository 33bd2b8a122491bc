// Escaping for the places the server writes text into markup. Every value that came from a user or the
// database goes through one of these.
const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** For HTML or XML text and attribute values (quoted with either quote). */
export const escapeMarkup = (value: string): string => value.replace(/[&<>"']/g, (char) => ENTITIES[char]!);

/**
 * JSON for inside a <script> element: `<` can never start `</script>` or `<!--`, and the two line separators
 * that were once illegal in JavaScript strings are escaped too. The result parses as the same JSON.
 */
export const scriptJson = (value: unknown): string =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
