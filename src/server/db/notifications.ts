import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Database } from './client';

export interface Listener {
  /** Stops listening and gives the connection back. */
  close(): Promise<void>;
}

export interface ListenOptions {
  /**
   * Called for every NOTIFY on the channel, from any connection to the database, once committed,
   * with its payload; and with none after a dropped connection listens again (something may have
   * been missed meanwhile).
   */
  onNotify: (payload?: string) => void;
  /**
   * PostgreSQL only: the listening connection dropped (the server restarted); it is opened again
   * after `retryMs`, and `onNotify` is called once it listens again, for what was missed meanwhile.
   */
  onError?: (error: unknown) => void;
  retryMs?: number;
}

const channelPattern = /^[a-z_][a-z0-9_]*$/;

/**
 * LISTEN on a channel of the database behind `db`: PGlite's own listener (one process, one
 * connection), or one connection of the PostgreSQL pool kept for it, so a NOTIFY from any instance
 * arrives. PostgreSQL delivers a NOTIFY sent in a transaction when, and only if, it commits.
 */
export async function listenForNotifications(
  db: Database,
  channel: string,
  options: ListenOptions,
): Promise<Listener> {
  if (!channelPattern.test(channel)) throw new Error(`Not a plain channel name: ${channel}`);
  const client = (db as { $client?: unknown }).$client;
  if (client instanceof PGlite) {
    const unlisten = await client.listen(channel, (payload) => options.onNotify(payload));
    return { close: () => unlisten() };
  }
  if (client instanceof pg.Pool) return listenOnPool(client, channel, options);
  throw new Error('listenForNotifications: neither PGlite nor a pg pool');
}

async function listenOnPool(pool: pg.Pool, channel: string, options: ListenOptions): Promise<Listener> {
  const retryMs = options.retryMs ?? 5_000;
  let closed = false;
  let connection: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;

  const onNotification = (message: pg.Notification) => {
    if (message.channel === channel) options.onNotify(message.payload);
  };
  const drop = (error: unknown) => {
    const lost = connection;
    connection = undefined;
    if (lost) {
      lost.off('notification', onNotification);
      lost.end().catch(() => {}); // a broken connection is not reused
    }
    if (closed || retry) return;
    options.onError?.(error);
    retry = setTimeout(() => {
      retry = undefined;
      void connect(false);
    }, retryMs);
    retry.unref();
  };
  const connect = async (first: boolean) => {
    if (closed) return;
    try {
      // A connection of its own, with the pool's settings but outside it: a pool that is ending
      // waits for every connection it lent, and a listener would hold one until the app closed.
      const opened = new pg.Client(pool.options);
      connection = opened;
      opened.on('error', drop);
      opened.on('notification', onNotification);
      await opened.connect();
      await opened.query(`LISTEN ${channel}`);
      if (closed) {
        await close();
        return;
      }
      if (!first) options.onNotify();
    } catch (error) {
      if (first) throw error;
      drop(error);
    }
  };
  const close = async () => {
    closed = true;
    clearTimeout(retry);
    const open = connection;
    connection = undefined;
    if (!open) return;
    open.off('notification', onNotification);
    open.off('error', drop);
    try {
      await open.query(`UNLISTEN ${channel}`);
      await open.end();
    } catch {
      await open.end().catch(() => {});
    }
  };
  try {
    await connect(true);
  } catch (error) {
    // The database is not there yet: keep trying in the background, like after a drop.
    drop(error);
  }
  return { close };
}
