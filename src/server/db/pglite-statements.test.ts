import { PGlite } from '@electric-sql/pglite';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { enableNamedStatements, GENERIC_PLAN_HINT, GENERIC_PLAN_MAX_AGE_MS } from './pglite-statements';

describe('named statements on PGlite', () => {
  let client: PGlite;

  async function withItems(): Promise<PGlite> {
    const db = await PGlite.create();
    await db.exec(`create table items (id uuid primary key, title text, made_at timestamptz, tags jsonb);
      insert into items values ('00000000-0000-4000-8000-000000000001', 'One', '2026-01-02T03:04:05Z', '["a"]'),
        ('00000000-0000-4000-8000-000000000002', null, null, null)`);
    return db;
  }

  beforeEach(async () => {
    client = await withItems();
  });
  afterEach(async () => {
    await client.close();
  });

  it('answers exactly as PGlite answers, values and types, each text parsed once', async () => {
    const plain = await withItems();
    onTestFinished(() => plain.close());
    const prepared = await enableNamedStatements(client);
    const byId: [string, unknown[]] = [
      'select * from items where id = $1',
      ['00000000-0000-4000-8000-000000000001'],
    ];
    const cases: [string, unknown[]][] = [
      byId,
      ['select * from items where id = $1', ['00000000-0000-4000-8000-000000000002']],
      ['select count(*)::int as n, $1::text as word from items where title is distinct from $2', ['x', null]],
      ['select * from items where made_at < $1 order by id', [new Date('2027-01-01T00:00:00Z')]],
      ['select * from items where tags @> $1', [['a']]],
    ];
    for (const [text, params] of cases) {
      const [ours, theirs] = [await client.query(text, params), await plain.query(text, params)];
      expect(ours.rows).toEqual(theirs.rows);
      expect(ours.fields).toEqual(theirs.fields);
    }
    expect((await client.query<{ made_at: Date }>(...byId)).rows[0]?.made_at).toBeInstanceOf(Date);
    // Row mode and parsers, as drizzle passes them.
    const options = { rowMode: 'array' as const, parsers: { 1184: (value: string) => `raw:${value}` } };
    const [ours, theirs] = [await client.query(...byId, options), await plain.query(...byId, options)];
    expect(ours.rows).toEqual(theirs.rows);
    expect(prepared()).toBe(4);
    // Writes: affected rows, as PGlite counts them.
    const update = await client.query('update items set title = $1 where title is null', ['Two']);
    expect(update.affectedRows).toBe(1);
    expect((await client.query('select title from items order by id')).rows).toEqual([
      { title: 'One' },
      { title: 'Two' },
    ]);
  });

  it('keeps at most the given number, closing the least recently used, and reparses a closed one', async () => {
    const prepared = await enableNamedStatements(client, 2);
    await client.query('select 1 as a');
    await client.query('select 2 as b');
    await client.query('select 1 as a');
    await client.query('select 3 as c');
    expect(prepared()).toBe(2);
    // 'select 2' was closed (least recently used): Postgres no longer knows it. (exec is PGlite's
    // own simple query, which names nothing.)
    const [statements] = await client.exec('select statement from pg_prepared_statements order by statement');
    expect(statements?.rows.map((row) => (row as { statement: string }).statement)).toEqual([
      'select 1 as a',
      'select 3 as c',
    ]);
    expect((await client.query('select 2 as b')).rows).toEqual([{ b: 2 }]);
  });

  it('rejects a bad statement or value with the database error, and goes on', async () => {
    await enableNamedStatements(client);
    const syntax = await client.query('selec 1').catch((error: unknown) => error);
    expect(syntax).toMatchObject({ code: '42601', query: 'selec 1' });
    const value = await client
      .query('select * from items where id = $1', ['not-a-uuid'])
      .catch((error: unknown) => error);
    expect(value).toMatchObject({ code: '22P02', params: ['not-a-uuid'] });
    const unique = await client
      .query('insert into items (id) values ($1)', ['00000000-0000-4000-8000-000000000001'])
      .catch((error: unknown) => error);
    expect(unique).toMatchObject({ code: '23505', constraint: 'items_pkey' });
    expect((await client.query('select count(*)::int as n from items')).rows).toEqual([{ n: 2 }]);
  });

  it('parses again when a migration changed the columns a statement returns', async () => {
    await enableNamedStatements(client);
    expect(
      Object.keys((await client.query<object>('select * from items limit 1')).rows[0] ?? {}),
    ).not.toContain('extra');
    await client.exec('alter table items add column extra int default 7');
    expect((await client.query<{ extra: number }>('select * from items limit 1')).rows[0]?.extra).toBe(7);
  });

  it('never runs inside another caller’s transaction', async () => {
    await enableNamedStatements(client);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const transaction = client.transaction(async (tx) => {
      await tx.query(
        `insert into items (id, title) values ('00000000-0000-4000-8000-000000000003', 'Three')`,
      );
      await held;
      await tx.rollback();
    });
    // Issued while the transaction holds its uncommitted row: it waits, and never sees the row.
    const count = client.query<{ n: number }>('select count(*)::int as n from items');
    release();
    await transaction.catch(() => {});
    expect((await count).rows).toEqual([{ n: 2 }]);
  });

  it('delivers the notifications a statement raises', async () => {
    await enableNamedStatements(client);
    const heard: string[] = [];
    await client.listen('news', (payload) => heard.push(payload));
    await client.query(`select pg_notify('news', $1)`, ['hello']);
    expect(heard).toEqual(['hello']);
  });

  it('plans each call for its own values', async () => {
    await enableNamedStatements(client);
    expect((await client.query<{ plan_cache_mode: string }>('show plan_cache_mode')).rows).toEqual([
      { plan_cache_mode: 'force_custom_plan' },
    ]);
  });

  it('plans a statement marked as the same for any values once, and every other for its values', async () => {
    await enableNamedStatements(client);
    const marked = `select title from items where ${GENERIC_PLAN_HINT} id = $1`;
    const plain = 'select title from items where id = $1';
    const ids = ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002'];
    for (const id of [...ids, ...ids]) {
      expect((await client.query(marked, [id])).rows).toEqual((await client.query(plain, [id])).rows);
    }
    // A failing call (its SET undone with it) leaves the mode as it was.
    await expect(client.query(marked, ['not-a-uuid'])).rejects.toMatchObject({ code: '22P02' });
    expect((await client.query<{ plan_cache_mode: string }>('show plan_cache_mode')).rows).toEqual([
      { plan_cache_mode: 'force_custom_plan' },
    ]);
    const [plans] = await client.exec(
      `select statement, generic_plans, custom_plans from pg_prepared_statements
        where statement like 'select title%' order by statement`,
    );
    expect(plans?.rows).toEqual([
      { statement: marked, generic_plans: 4, custom_plans: 0 },
      { statement: plain, generic_plans: 0, custom_plans: 4 },
    ]);
    // A write marked so: its affected rows, as the statement's own result.
    const update = await client.query(`update items set title = $1 where ${GENERIC_PLAN_HINT} id = $2`, [
      'First',
      ids[0],
    ]);
    expect(update.affectedRows).toBe(1);
    expect((await client.query(plain, [ids[0]])).rows).toEqual([{ title: 'First' }]);
    // A kept plan older than a minute is made again, for the table as it is now.
    const later = Date.now() + GENERIC_PLAN_MAX_AGE_MS + 1;
    vi.spyOn(Date, 'now').mockReturnValue(later);
    onTestFinished(() => {
      vi.restoreAllMocks();
    });
    await client.query(marked, [ids[1]]);
    const [replanned] = await client.exec(
      `select generic_plans from pg_prepared_statements where statement = '${marked}'`,
    );
    expect(replanned?.rows).toEqual([{ generic_plans: 1 }]);
    // Inside a transaction (PGlite's own path) the mark changes nothing.
    await client.transaction(async (tx) => {
      expect((await tx.query(marked, [ids[1]])).rows).toEqual([{ title: null }]);
    });
  });
});
