// Named parameters become the drivers' positional `?` in one place (src/db/named.ts): every use of a name takes
// its value, in order, and nothing inside quotes or a PostgreSQL cast is read as a name.
import { describe, expect, it } from 'vitest';
import { named } from '../src/db/named';

describe('named', () => {
  it('puts each use of a name at its position, as often as it is used', () => {
    expect(
      named('SELECT * FROM t WHERE a = :words AND b > :minCents AND c MATCH :words LIMIT :limit', {
        words: 'w',
        minCents: 100,
        limit: 20,
        unused: 'x',
      }),
    ).toEqual({
      sql: 'SELECT * FROM t WHERE a = ? AND b > ? AND c MATCH ? LIMIT ?',
      params: ['w', 100, 'w', 20],
    });
  });

  it('leaves quoted text and casts alone', () => {
    expect(
      named(`SELECT ':not', "x:y", to_tsquery('recell_words'::regconfig, :words)`, { words: 'galaxy:*' }),
    ).toEqual({
      sql: `SELECT ':not', "x:y", to_tsquery('recell_words'::regconfig, ?)`,
      params: ['galaxy:*'],
    });
  });

  it('refuses a name without a value', () => {
    expect(() => named('SELECT :missing', { other: 1 })).toThrow(':missing');
  });
});
