// Which index a search's rows are read off, on SQLite, whatever the planner's statistics say. Without
// them, and with them (sqlite_stat1 says how many rows share a key, not how many a price range holds), SQLite
// took the price index for "newest, from $100" and sorted nearly every listing: 3 s of CPU at 1,000,000. The
// statements name the order's index (INDEXED BY, sqlite-search.ts pageIndex); each sort and filter's plan is
// checked here before and after the statistics are gathered, on the statements the repository itself runs.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sqlite3 from 'sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, SqlValue } from '../src/db/database';
import { migrate } from '../src/db/migrate';
import { seed } from '../src/db/seed';
import { openDatabase } from '../src/db/sqlite';
import { catalogueRepository } from '../src/modules/catalogue/repository';
import { RESULT_CAP, type SearchQuery } from '../src/modules/catalogue/search';
import { insertListings } from './support/listings';

// Enough that a brand and a condition together keep more than the cap (12,000 / 9).
const LISTINGS = 12_000;

let dir: string;
let db: Database;
// EXPLAIN on a read connection of its own, a statement at a time, each finalized as soon as it has answered: an
// EXPLAIN statement kept prepared on one of the server's read connections stays active once run, and keeps the
// snapshot of that connection's next read open for as long (node-sqlite3 keeps the statements it prepares).
let explainer: sqlite3.Database;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'recell-plans-'));
  const path = join(dir, 'plans.sqlite');
  db = await openDatabase(path, { cache: false });
  await migrate(db);
  await seed(db, { demo: true });
  await insertListings(db, LISTINGS);
  explainer = await new Promise((resolve, reject) => {
    const opened = new sqlite3.Database(path, sqlite3.OPEN_READONLY, (error) =>
      error ? reject(error) : resolve(opened),
    );
  });
});
afterAll(async () => {
  await new Promise((resolve) => explainer.close(resolve));
  await db.close();
  rmSync(dir, { recursive: true, force: true });
});

const explain = (sql: string, params: readonly SqlValue[]) =>
  new Promise<{ id: number; parent: number; detail: string }[]>((resolve, reject) =>
    explainer.all(
      `EXPLAIN QUERY PLAN ${sql}`,
      params,
      (error, rows: { id: number; parent: number; detail: string }[]) =>
        error ? reject(error) : resolve(rows),
    ),
  );

interface Ran {
  sql: string;
  params: readonly SqlValue[];
  /** EXPLAIN QUERY PLAN as an indented tree, a line per step. */
  plan: string[];
}

/** Runs the search as the API does, and answers each statement it ran with its plan, and the page's ids. */
async function planned(query: SearchQuery, offset = 0): Promise<{ ran: Ran[]; ids: string[] }> {
  const seen: { sql: string; params: readonly SqlValue[] }[] = [];
  const recording: Database = {
    ...db,
    cachedAll: (sql, params = []) => {
      seen.push({ sql, params });
      return db.cachedAll(sql, params);
    },
  };
  const { rows } = await catalogueRepository(recording).search(query, {
    page: offset / 20 + 1,
    pageSize: 20,
    limit: 20,
    offset,
  });
  const ran = await Promise.all(
    seen.map(async ({ sql, params }) => {
      const steps = await explain(sql, params);
      const depth = new Map<number, number>([[0, -1]]);
      const plan = steps.map((step) => {
        const level = (depth.get(step.parent) ?? 0) + 1;
        depth.set(step.id, level);
        return `${'  '.repeat(level)}${step.detail}`;
      });
      return { sql, params, plan };
    }),
  );
  return { ran, ids: rows.map((row) => row.id) };
}

/** The steps of the page's own pick (the subquery the page's rows are chosen by), as one text. */
function pagePick(ran: Ran[]): string {
  const page = ran.find((statement) => statement.sql.includes('INDEXED BY'));
  expect(page, ran.map((statement) => statement.sql).join('\n')).toBeDefined();
  const plan = page?.plan ?? [];
  const start = plan.findIndex((line) => line.trim().startsWith('LIST SUBQUERY'));
  const indent = plan[start]?.search(/\S/) ?? 0;
  const end = plan.findIndex((line, index) => index > start && line.search(/\S/) <= indent);
  return plan.slice(start, end === -1 ? undefined : end).join('\n');
}

const SORTS = ['newest', 'price_asc', 'price_desc'] as const;
// Each keeps more than the cap of the 12,000 listings (a price from $100 keeps 29 in 30).
const MANY: Omit<SearchQuery, 'sort'>[] = [
  {},
  { minPrice: 100 },
  { maxPrice: 1200 },
  { minPrice: 100, maxPrice: 1500 },
  { categoryId: '01' },
  { categoryId: '01', minPrice: 100 },
  { categoryId: '01', condition: 'Good' },
  { categoryId: '01', condition: 'Good', minPrice: 100, maxPrice: 1500 },
  { condition: 'Good' },
  { condition: 'Good', minPrice: 100 },
  { minYear: 2020 },
  { minYear: 2020, minPrice: 100 },
];

/** The index the order is read off: the brand and the condition first when the search has them. */
const orderIndex = (filters: Omit<SearchQuery, 'sort'>, sort: SearchQuery['sort']) =>
  `mobiles_by_${filters.categoryId === undefined ? '' : filters.condition === undefined ? 'category_' : 'category_condition_'}${sort === 'newest' ? 'posted' : 'price'}`;

function checkPlans(label: string) {
  describe(label, () => {
    it('reads a page of many matches off the index of its order, and never sorts them all', async () => {
      for (const filters of MANY) {
        for (const sort of SORTS) {
          for (const offset of [0, RESULT_CAP - 20]) {
            const query = { ...filters, sort };
            const { ran, ids } = await planned(query, offset);
            const pick = pagePick(ran);
            const what = `${JSON.stringify(query)} from ${offset}:\n${pick}`;
            expect(pick, what).toMatch(new RegExp(`USING (COVERING )?INDEX ${orderIndex(filters, sort)}\\b`));
            // A run of rows posted at one instant is put in order as it is read ("LAST TERM"), never all of them.
            expect(pick, what).not.toMatch(/USE TEMP B-TREE FOR ORDER BY/);
            expect(ids, what).toHaveLength(20);
          }
        }
      }
    });

    it('reads a few matches in a price range off the price index, and sorts just them', async () => {
      // $100.00-$100.99: a handful of the 12,000. Walking the posted index for them would read every listing.
      for (const filters of [
        { minPrice: 100, maxPrice: 100.99 },
        { categoryId: '01' as const, minPrice: 100, maxPrice: 110 },
        { categoryId: '01' as const, condition: 'Good' as const, minPrice: 100, maxPrice: 110 },
      ]) {
        for (const sort of SORTS) {
          const query = { ...filters, sort };
          const { ran, ids } = await planned(query);
          const pick = pagePick(ran);
          expect(pick, JSON.stringify(query)).toMatch(
            new RegExp(
              `SEARCH m USING (COVERING )?INDEX ${orderIndex(filters, 'price_asc')} .*resale_cents>\\?`,
            ),
          );
          expect(ids.length, JSON.stringify(query)).toBeGreaterThan(0);
        }
      }
    });

    it('gives the same pages as the planner left to itself', async () => {
      for (const query of [
        { minPrice: 100, sort: 'newest' },
        { categoryId: '02', condition: 'Fair', minPrice: 100, sort: 'newest' },
        { minPrice: 100, maxPrice: 100.99, sort: 'newest' },
        { condition: 'Excellent', sort: 'price_desc' },
      ] as SearchQuery[]) {
        for (const offset of [0, 500]) {
          const { ran, ids } = await planned(query, offset);
          const page = ran.find((statement) => statement.sql.includes('INDEXED BY'));
          const free = await db.all<{ id: string }>(
            (page?.sql ?? '').replace(/ INDEXED BY \w+/g, ''),
            page?.params ?? [],
          );
          expect(ids, JSON.stringify(query)).toEqual(free.map((row) => row.id));
        }
      }
    });

    it('reads no page when nothing matched', async () => {
      const { ran, ids } = await planned({ minYear: 2030, sort: 'newest' });
      expect(ids).toEqual([]);
      expect(ran).toHaveLength(1);
      expect(ran[0]?.sql).toMatch(/^SELECT COUNT\(\*\)/);
    });

    it('words sorted by newest: the newer listings the words may have missed are read off the posted index', async () => {
      for (const filters of [{ minPrice: 100 }, { categoryId: '01' as const, minPrice: 100 }]) {
        const query = { ...filters, q: 'bulk phone', sort: 'newest' as const };
        const { ran, ids } = await planned(query);
        const plans = ran.map((statement) => statement.plan.join('\n')).join('\n');
        expect(plans, JSON.stringify(query)).toMatch(
          new RegExp(`SEARCH m USING INDEX ${orderIndex(filters, 'newest')} \\(.*posted_at>\\?\\)`),
        );
        expect(plans, JSON.stringify(query)).not.toMatch(/INDEX mobiles_by_(category_)?price/);
        expect(ids).toHaveLength(20);
      }
    });
  });
}

describe('search plans on SQLite', () => {
  checkPlans('never analysed (no sqlite_stat1)');

  describe('statistics', () => {
    it('gathers them for the tables without any, once', async () => {
      expect(await db.optimize()).toContain('"main"."mobiles"');
      const posted = await db.get<{ stat: string }>(
        "SELECT stat FROM sqlite_stat1 WHERE idx = 'mobiles_by_posted'",
      );
      expect(Number(posted?.stat.split(' ')[0])).toBeGreaterThan(LISTINGS);
      // Nothing changed since: nothing to do.
      expect(await db.optimize()).toEqual([]);
    });
  });

  checkPlans('with the statistics gathered');
});
