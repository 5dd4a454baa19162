import { AsyncLocalStorage } from 'node:async_hooks';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import pg from 'pg';

/**
 * A query on the connection of the transaction being checked: text with $1… parameters, rows as
 * objects. The check runs on the transaction's own connection, so its locks are the transaction's.
 */
export type RawQuery = (text: string, params: unknown[]) => Promise<{ rows: unknown[] }>;

/**
 * What every transaction of an async context runs before its first statement: it throws to
 * refuse the transaction, and may take locks that hold until the transaction ends. auth/guard.ts
 * sets one for each state-changing request, so its writes are judged on the session as it is
 * when they are made, not when the request began (decision 037).
 */
export type TransactionCheck = (query: RawQuery) => Promise<void>;

const checks = new AsyncLocalStorage<TransactionCheck>();

/** Runs `work` (and everything it starts) with every database transaction checked by `check` first. */
export function withTransactionCheck<T>(check: TransactionCheck, work: () => T): T {
  return checks.run(check, work);
}

/**
 * Runs `work` with no check, whatever context calls it: a job kicked by a request (the test
 * gateway's webhooks after a checkout) is no part of that request, and must not end with its session.
 */
export function withoutTransactionCheck<T>(work: () => T): T {
  return checks.exit(work);
}

/** The check of the current context, if any. */
const currentCheck = () => checks.getStore();

/** Statements that open or end a transaction, or set its mode: the check goes after them. */
const FRAME = /^\s*(begin|start transaction|set transaction|commit|rollback|end)\b/i;

/**
 * A statement that only reads: one SELECT (no second statement after a `;`, no SELECT INTO)
 * that locks no rows and calls none of the functions that act (sequences, advisory locks,
 * notifications, settings, and the app's own `…_refresh` functions, which its triggers call).
 * Outside a transaction it writes nothing to judge, and runs as it is: most of a request's
 * statements are such reads.
 */
const PLAIN_READ = /^\s*select\b/i;
const ACTS = /\bfor\s+(update|no\s+key\s+update|share|key\s+share)\b|\b(nextval|setval|pg_notify|pg_advisory\w*|set_config|\w+_refresh)\s*\(|\binto\b|;/i;
const isPlainRead = (text: string) => PLAIN_READ.test(text) && !ACTS.test(text);

const textOf = (config: unknown) => (typeof config === 'string' ? config : (config as { text: string }).text);

type Queryable = { query: (...args: never[]) => Promise<{ rows: unknown[] }> };

/**
 * `client` (a connection in a transaction) with `check` run before the first statement that is
 * not the transaction's own framing: after BEGIN and SET TRANSACTION, which must come first.
 */
function checkedConnection<C extends Queryable>(client: C, check: TransactionCheck): C {
  let checked: Promise<void> | undefined;
  const query = client.query.bind(client) as (...args: unknown[]) => Promise<{ rows: unknown[] }>;
  const raw: RawQuery = (text, params) => query(text, params);
  return new Proxy(client, {
    get(target, prop) {
      if (prop === 'query') {
        return async (...args: unknown[]) => {
          if (!FRAME.test(textOf(args[0]))) await (checked ??= check(raw));
          return query(...args);
        };
      }
      const value = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/**
 * A pool whose transactions, and statements made outside one that may write, run the context's
 * check first: such a statement becomes BEGIN, the check, the statement, COMMIT.
 */
export class CheckedPool extends pg.Pool {
  // @ts-expect-error pg's overloads (callbacks, submittables) are not needed: Drizzle and this app use the promise form.
  override async query(config: string | pg.QueryConfig, values?: unknown[]) {
    const check = currentCheck();
    if (!check || isPlainRead(textOf(config))) return super.query(config as string, values);
    const client = await super.connect();
    // A connection whose ROLLBACK failed is in no known state: the pool closes it, not reuses it.
    let broken: Error | undefined;
    try {
      await client.query('begin');
      const checked = checkedConnection(client, check);
      const result = await checked.query(config as string, values);
      await client.query('commit');
      return result;
    } catch (err) {
      await client.query('rollback').catch((rollbackFailed: Error) => (broken = rollbackFailed));
      throw err;
    } finally {
      client.release(broken);
    }
  }

  // @ts-expect-error as above: pg's callback form is passed through untouched (the pool's own query uses it).
  override connect(callback?: (err: Error | undefined, client: pg.PoolClient | undefined, done: () => void) => void) {
    if (callback) return super.connect(callback);
    const check = currentCheck();
    return super.connect().then((client) => (check ? checkedConnection(client, check) : client));
  }
}

/** PGlite with the same rule: its transactions, and statements outside one that may write, check first. */
export function checkedPglite(client: PGlite): PGlite {
  const query = client.query.bind(client);
  const transaction = client.transaction.bind(client);
  return new Proxy(client, {
    get(target, prop) {
      if (prop === 'query') {
        return (...args: Parameters<PGlite['query']>) => {
          const check = currentCheck();
          if (!check || isPlainRead(args[0])) return query(...args);
          return transaction((tx) => checkedConnection(tx, check).query(...args));
        };
      }
      if (prop === 'transaction') {
        return <T>(work: (tx: Transaction) => Promise<T>) => {
          const check = currentCheck();
          return transaction((tx) => work(check ? checkedConnection(tx, check) : tx));
        };
      }
      const value = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
