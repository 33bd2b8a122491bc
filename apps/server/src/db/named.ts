// A statement with many parameters names them (`:words`, `:limit`), so nobody counts positions to change it.
// Both drivers take positional `?` parameters; this is the one place names become positions: each `:name`
// becomes `?` and its value goes to the array in that order, as often as the name appears. Quoted text
// ('...', "...") and PostgreSQL's `::` casts are left alone.
import type { SqlValue } from './connection';

export type NamedValues = Readonly<Record<string, SqlValue | undefined>>;

const TOKENS = /'[^']*'|"[^"]*"|::|:([A-Za-z_]\w*)/g;

export function named(sql: string, values: NamedValues): { sql: string; params: SqlValue[] } {
  const params: SqlValue[] = [];
  const text = sql.replace(TOKENS, (token, name: string | undefined) => {
    if (name === undefined) return token;
    const value = values[name];
    if (value === undefined) throw new Error(`no value for :${name}`);
    params.push(value);
    return '?';
  });
  return { sql: text, params };
}
