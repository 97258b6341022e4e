import type postgres from 'postgres';

type Scoped = (sql: postgres.Sql) => unknown;

/**
 * The postgres.js client that drizzle is given, with every statement prepared (named, kept per
 * connection; postgres.js's own default for its tagged templates). drizzle asks for
 * `prepare: false` unless a query is given a name, and postgres.js then sends every statement
 * that has parameters as two round trips (describe it, then run it), one at a time. Prepared, a
 * statement the connection has run before takes one round trip, and statements sent together on
 * a transaction's connection go out together (decision 050). Transactions and savepoints hand
 * their callbacks a client that prepares too.
 */
export function preparingAll(sql: postgres.Sql): postgres.Sql {
  const scoped = (args: unknown[], run: (...args: unknown[]) => unknown) => {
    const callback = args.pop() as Scoped;
    return run(...args, (inner: postgres.Sql) => callback(preparingAll(inner)));
  };
  return new Proxy(sql, {
    get(target, key, receiver) {
      if (key === 'unsafe') {
        return (query: string, params?: unknown[], options?: postgres.UnsafeQueryOptions) =>
          target.unsafe(query, params as postgres.ParameterOrJSON<never>[], { ...options, prepare: true });
      }
      if (key === 'begin') return (...args: unknown[]) => scoped(args, target.begin as (...a: unknown[]) => unknown);
      if (key === 'savepoint') {
        const savepoint = (target as unknown as Partial<postgres.TransactionSql>).savepoint as
          ((...a: unknown[]) => unknown) | undefined;
        if (savepoint) return (...args: unknown[]) => scoped(args, savepoint);
      }
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
}
