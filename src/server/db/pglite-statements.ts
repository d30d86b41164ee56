import { type PGlite, parse, protocol, type QueryOptions, type Results } from '@electric-sql/pglite';

/**
 * Named statements for the embedded database (issue 19 §3, prepared statements for hot queries).
 *
 * PGlite's `query()` sends every statement afresh: Parse, Describe, Bind, Describe, Execute and
 * Sync, each a separate call into the WebAssembly module, and Postgres parses and analyses the text
 * each time. Here a statement is parsed once under a name, per SQL text, and each later call sends
 * only Bind, Describe, Execute and Sync in one buffer: a page of the artist's submissions took
 * 0.89 → 0.55 ms of the database's time, `select 1` 0.15 → 0.08 ms. PostgreSQL gets the same from
 * node-postgres's named statements (drizzle's `.prepare(name)`); PGlite has no such option.
 *
 * Plans are still made for each call's values (plan_cache_mode = force_custom_plan): a generic plan
 * cannot know how selective a search word or a date range is, and the board chooses its plan by
 * them. The saving is the round trips and the parse, not the planning.
 *
 * Only queries outside a transaction take this path (they hold PGlite's transaction and query
 * locks, as `query()` does); a transaction's own queries run as PGlite runs them. At most
 * `max` statements are kept, the least recently used closed first, so SQL built with a varying
 * number of values (a bulk insert) cannot grow the backend's memory without bound.
 */

export const NAMED_STATEMENTS_MAX = 256;

const { serialize } = protocol;

/** Postgres's refusal to run a statement whose result's columns changed under it. */
const RESULT_TYPE_CHANGED = 'cached plan must not change result type';

interface Named {
  name: string;
  /** The parameters' type oids, to serialise values as PGlite would. */
  paramTypes: number[];
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
    const found = named.get(text);
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
    const statement = { name, paramTypes: parse.parseDescribeStatementResults(messages) };
    named.set(text, statement);
    if (named.size > max) await forget(named.keys().next().value as string);
    return statement;
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
    const { messages } = await run(
      Buffer.concat([
        serialize.bind({ statement: statement.name, values }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      ]),
    );
    await client.syncToFs();
    return parse.parseResults(messages, client.parsers, options)[0] as Results<T>;
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
