import pg from "pg";
import type { ExpectedSchema } from "./expected-schema";

// The same facts as expected-schema.ts, read from a live database's catalog.
export async function actualSchema(url: string): Promise<ExpectedSchema> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const columns = await client.query<{ line: string }>(`
      SELECT format('%s.%s %s %s', c.relname, a.attname,
        replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(
          format_type(a.atttypid, a.atttypmod),
          '^timestamp(\\(\\d\\))? with time zone', 'timestamptz\\1'),
          '^timestamp(\\(\\d\\))? without time zone', 'timestamp\\1'),
          '^integer', 'int4'), '^bigint', 'int8'), '^boolean', 'bool'), '^double precision', 'float8'), '"', ''),
        CASE WHEN a.attnotnull THEN 'NOT NULL' ELSE 'NULL' END) AS line
      FROM pg_attribute a
      JOIN pg_class c ON c.oid = a.attrelid AND c.relkind = 'r'
      JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = 'public'
      JOIN pg_type t ON t.oid = a.atttypid
      WHERE a.attnum > 0 AND NOT a.attisdropped AND c.relname <> '_prisma_migrations'`);
    const indexes = await client.query<{ line: string }>(`
      SELECT format('%s %s %s(%s)', t.relname, i.relname, CASE WHEN ix.indisunique THEN 'UNIQUE' ELSE '' END,
        (SELECT string_agg(a.attname, ',' ORDER BY k.ord) FROM unnest(ix.indkey) WITH ORDINALITY k(attnum, ord)
         JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum)) AS line
      FROM pg_index ix
      JOIN pg_class i ON i.oid = ix.indexrelid
      JOIN pg_class t ON t.oid = ix.indrelid
      JOIN pg_namespace n ON n.oid = t.relnamespace AND n.nspname = 'public'
      -- partial indexes (WHERE ...) cannot be written in schema.prisma; like CHECK constraints they
      -- live only in the migrations, next to a comment saying which invariant they hold
      WHERE t.relname <> '_prisma_migrations' AND ix.indpred IS NULL`);
    const fks = await client.query<{ line: string }>(`
      SELECT format('%s(%s) -> %s(%s) ON DELETE %s', src.relname,
        (SELECT string_agg(a.attname, ',' ORDER BY k.ord) FROM unnest(con.conkey) WITH ORDINALITY k(attnum, ord)
         JOIN pg_attribute a ON a.attrelid = src.oid AND a.attnum = k.attnum),
        dst.relname,
        (SELECT string_agg(a.attname, ',' ORDER BY k.ord) FROM unnest(con.confkey) WITH ORDINALITY k(attnum, ord)
         JOIN pg_attribute a ON a.attrelid = dst.oid AND a.attnum = k.attnum),
        CASE con.confdeltype WHEN 'c' THEN 'CASCADE' WHEN 'n' THEN 'SET NULL' WHEN 'r' THEN 'RESTRICT'
          WHEN 'a' THEN 'NO ACTION' WHEN 'd' THEN 'SET DEFAULT' END) AS line
      FROM pg_constraint con
      JOIN pg_class src ON src.oid = con.conrelid
      JOIN pg_class dst ON dst.oid = con.confrelid
      JOIN pg_namespace n ON n.oid = src.relnamespace AND n.nspname = 'public'
      WHERE con.contype = 'f'`);
    const enums = await client.query<{ line: string }>(`
      SELECT format('%s: %s', t.typname, string_agg(e.enumlabel, ',' ORDER BY e.enumsortorder)) AS line
      FROM pg_type t JOIN pg_enum e ON e.enumtypid = t.oid
      JOIN pg_namespace n ON n.oid = t.typnamespace AND n.nspname = 'public'
      GROUP BY t.typname`);
    const lines = (r: { rows: { line: string }[] }) => r.rows.map((x) => x.line).sort();
    return { columns: lines(columns), indexes: lines(indexes), foreignKeys: lines(fks), enums: lines(enums) };
  } finally {
    await client.end();
  }
}
