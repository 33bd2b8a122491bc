// A statement with many parameters names them (`:words`, `:limit`), so nobody counts positions to change it.
// Both drivers take positional `?` parameters; this is the one place names become positions: each `:name`
// becomes `?` and its value goes to the array in that order, as often as the name appears. Quoted text
// ('...', "...") and PostgreSQL's `::` casts are left alone.
import type { SqlValue } from './database';

export type NamedValues = Readonly<Record<string, SqlValue | undefined>>;

const TOKENS = /'[^']*'|"[^"]*"|::|:([A-Za-z_]\w*)/g;

/** Each statement's text with `?` and its names in order, parsed once: searches build a few shapes, often. */
const parsed = new Map<string, { sql: string; names: string[] }>();
const PARSED_ENTRIES = 1000;

function parse(sql: string) {
  let statement = parsed.get(sql);
  if (statement === undefined) {
    const names: string[] = [];
    const text = sql.replace(TOKENS, (token, name: string | undefined) => {
      if (name === undefined) return token;
      names.push(name);
      return '?';
    });
    statement = { sql: text, names };
    if (parsed.size >= PARSED_ENTRIES) parsed.clear();
    parsed.set(sql, statement);
  }
  return statement;
}

export function named(sql: string, values: NamedValues): { sql: string; params: SqlValue[] } {
  const statement = parse(sql);
  const params = statement.names.map((name) => {
    const value = values[name];
    if (value === undefined) throw new Error(`no value for :${name}`);
    return value;
  });
  return { sql: statement.sql, params };
}
