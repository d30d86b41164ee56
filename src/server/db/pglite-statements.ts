import { type PGlite, parse, protocol, type QueryOptions, type Results } from '@electric-sql/pglite';

/**
 * Named statements for the embedded database (prepared statements for hot queries).
 *
 * PGlite's `query()` sends every statement afresh: Parse, Describe, Bind, Describe, Execute and
 * Sync, each a separate call into the WebAssembly module, and Postgres parses and analyses the text
 * each time. Here a statement is parsed once under a name, per SQL text, and each later call sends
 * only Bind, Describe, Execute and Sync in one buffer: a page of the artist's submissions took
 * 0.89 → 0.55 ms of the database's time, `select 1` 0.15 → 0.08 ms. PostgreSQL gets the same from
 * node-postgres's named statements (drizzle's `.prepare(name)`); PGlite has no such option.
 *
 * Plans are made for each call's values (plan_cache_mode = force_custom_plan): a generic plan
 * cannot know how selective a search word or a date range is, and the board chooses its plan by
 * them. A statement whose best plan is the same for any values (a lookup by key, one index read in
 * its order) says so with GENERIC_PLAN_HINT in its text (db/plan-hints.ts): it is planned once, on
 * its first call, and that plan is kept for a minute (GENERIC_PLAN_MAX_AGE_MS). Planning
 * is most of such a statement's cost on PGlite (it asks the size of each of the table's indexes,
 * an fstat each): a session's lookup 1.4 → 0.5 ms, the board's first page 3.9 → 3.3 ms, at 100,000
 * submissions. The mode is switched around the statement in the same buffer, so every other
 * statement, and a transaction's, is still planned for its values.
 *
 * Only queries outside a transaction take this path (they hold PGlite's transaction and query
 * locks, as `query()` does); a transaction's own queries run as PGlite runs them. At most
 * `max` statements are kept, the least recently used closed first, so SQL built with a varying
 * number of values (a bulk insert) cannot grow the backend's memory without bound.
 */

export const NAMED_STATEMENTS_MAX = 256;

/**
 * In a statement's text, the mark of one whose best plan does not depend on its values (see above;
 * db/plan-hints.ts writes it). A comment: PostgreSQL, which plans each unnamed statement for its
 * values, reads past it.
 */
export const GENERIC_PLAN_HINT = '/* imprint:generic-plan */';

/**
 * How long a kept (generic) plan is used before its statement is parsed and planned again. The
 * plan is made for the tables' sizes on its first call: one made while the board held five
 * submissions would read a table of thousands as it read five. PostgreSQL drops a plan when
 * ANALYZE changes its statistics (autovacuum; the embedded database's hourly vacuum job), but
 * a table can grow much in an hour; a minute-old plan costs one planning a minute.
 */
export const GENERIC_PLAN_MAX_AGE_MS = 60_000;

/** The named statements that switch the plan mode around a statement marked GENERIC_PLAN_HINT. */
const PLAN_MODES = {
  generic: { name: 'imprint_plan_generic', text: 'set plan_cache_mode = force_generic_plan' },
  custom: { name: 'imprint_plan_custom', text: 'set plan_cache_mode = force_custom_plan' },
} as const;

const { serialize } = protocol;

/** Postgres's refusal to run a statement whose result's columns changed under it. */
const RESULT_TYPE_CHANGED = 'cached plan must not change result type';

interface Named {
  name: string;
  /** The parameters' type oids, to serialise values as PGlite would. */
  paramTypes: number[];
  /** Marked GENERIC_PLAN_HINT: run with the plan made on its first call. */
  generic: boolean;
  parsedAt: number;
}

/** The parts of PGlite used here that its typings mark internal (their names start with _). */
interface PGliteInternals {
  _checkReady(): Promise<void>;
  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T>;
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
}

/**
 * Replaces `client.query` with one that runs each SQL text as a named statement, and sets custom
 * plans for every call. Returns how many statements are prepared now (tests).
 */
export async function enableNamedStatements(
  client: PGlite,
  max = NAMED_STATEMENTS_MAX,
): Promise<() => number> {
  await client.exec('set plan_cache_mode = force_custom_plan');
  const internals = client as unknown as PGliteInternals;
  const named = new Map<string, Named>();
  let counter = 0;
  const run = (message: Uint8Array) => client.execProtocol(message, { syncToFs: false });

  async function prepare(text: string, options: QueryOptions | undefined): Promise<Named> {
    let found = named.get(text);
    // A kept plan is made for the tables as they were: parsed again now and then, it follows them.
    if (found?.generic && Date.now() - found.parsedAt > GENERIC_PLAN_MAX_AGE_MS) {
      await forget(text);
      found = undefined;
    }
    if (found) {
      // Most recently used last.
      named.delete(text);
      named.set(text, found);
      return found;
    }
    counter += 1;
    const name = `imprint_${counter}`;
    const { messages } = await run(
      Buffer.concat([
        serialize.parse({ name, text, types: options?.paramTypes ?? [] }),
        serialize.describe({ type: 'S', name }),
        serialize.sync(),
      ]),
    );
    const statement = {
      name,
      paramTypes: parse.parseDescribeStatementResults(messages),
      generic: text.includes(GENERIC_PLAN_HINT),
      parsedAt: Date.now(),
    };
    named.set(text, statement);
    if (named.size > max) await forget(named.keys().next().value as string);
    return statement;
  }

  /** The two plan mode switches, parsed on the first marked statement's call (never closed). */
  let planModes: Promise<void> | undefined;
  function preparePlanModes(): Promise<void> {
    planModes ??= run(
      Buffer.concat([
        ...Object.values(PLAN_MODES).map(({ name, text }) => serialize.parse({ name, text })),
        serialize.sync(),
      ]),
    ).then(
      () => undefined,
      (error: unknown) => {
        planModes = undefined; // tried again by the next marked statement
        throw error;
      },
    );
    return planModes;
  }

  async function forget(text: string): Promise<void> {
    const statement = named.get(text);
    if (!statement) return;
    named.delete(text);
    await run(Buffer.concat([serialize.close({ type: 'S', name: statement.name }), serialize.sync()]));
  }

  async function execute<T>(
    text: string,
    params: unknown[],
    options: QueryOptions | undefined,
  ): Promise<Results<T>> {
    const statement = await prepare(text, options);
    const values = params.map((value, index) => {
      if (value === null || value === undefined) return null;
      const type = statement.paramTypes[index] as number;
      const serializer = options?.serializers?.[type] ?? client.serializers[type];
      return serializer ? serializer(value) : String(value);
    });
    const call = [
      serialize.bind({ statement: statement.name, values }),
      serialize.describe({ type: 'P' }),
      serialize.execute({}),
    ];
    if (!statement.generic) {
      const { messages } = await run(Buffer.concat([...call, serialize.sync()]));
      await client.syncToFs();
      return parse.parseResults(messages, client.parsers, options)[0] as Results<T>;
    }
    // The mode is chosen at Bind. One implicit transaction up to Sync: if the statement fails, the
    // rest is skipped and the transaction's SET is undone with it, so custom plans stay the rule.
    await preparePlanModes();
    const switchTo = (mode: keyof typeof PLAN_MODES) => [
      serialize.bind({ statement: PLAN_MODES[mode].name }),
      serialize.execute({}),
    ];
    const { messages } = await run(
      Buffer.concat([...switchTo('generic'), ...call, ...switchTo('custom'), serialize.sync()]),
    );
    await client.syncToFs();
    // The results: the first SET's, the statement's, the second SET's.
    return parse.parseResults(messages, client.parsers, options)[1] as Results<T>;
  }

  async function namedQuery<T>(
    text: string,
    params: unknown[] = [],
    options?: QueryOptions,
  ): Promise<Results<T>> {
    await internals._checkReady();
    return internals._runExclusiveTransaction(() =>
      internals._runExclusiveQuery(async () => {
        try {
          try {
            return await execute<T>(text, params, options);
          } catch (error) {
            // A table whose columns changed since the statement was parsed (a migration): Postgres
            // refuses before running anything, so parsing it again and running it once more is safe.
            if (!(error instanceof Error && error.message === RESULT_TYPE_CHANGED)) throw error;
            await forget(text);
            return await execute<T>(text, params, options);
          }
        } catch (error) {
          // As PGlite's own query() reports it: the statement and values on the error.
          if (error instanceof Error) Object.assign(error, { query: text, params, queryOptions: options });
          throw error;
        }
      }),
    );
  }

  const plainQuery = client.query.bind(client);
  client.query = (<T>(text: string, params?: unknown[], options?: QueryOptions) =>
    // A query attaching a file (COPY … FROM '/dev/blob') goes PGlite's way.
    options?.blob
      ? plainQuery<T>(text, params, options)
      : namedQuery<T>(text, params, options)) as PGlite['query'];
  return () => named.size;
}
