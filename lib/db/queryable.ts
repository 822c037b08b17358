import type pg from "pg";

// What a design or a loader gets to run SQL with: the caller's transaction client, or the pool
// for reads outside one. Code that may run inside a transaction takes this as a parameter and
// never reaches for the pool itself, so it can never wait on a second connection.
export interface Queryable {
  query<R extends pg.QueryResultRow = pg.QueryResultRow>(text: string, values?: unknown[]): Promise<pg.QueryResult<R>>;
  /** a query config: a named prepared statement (lib/db/named.ts) */
  query<R extends pg.QueryResultRow = pg.QueryResultRow>(config: pg.QueryConfig<unknown[]>): Promise<pg.QueryResult<R>>;
}
