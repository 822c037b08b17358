import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

// What schema.prisma says the database must contain, read through Prisma's own schema parser
// (the WASM build of prisma-fmt), in the naming Prisma uses for PostgreSQL.
const require = createRequire(import.meta.url);
const wasm = require("@prisma/prisma-schema-wasm") as { get_dmmf(params: string): string };

interface DmmfField {
  name: string;
  dbName?: string | null;
  kind: "scalar" | "enum" | "object" | "unsupported";
  type: string;
  isList: boolean;
  isRequired: boolean;
  nativeType?: [string, string[]] | null;
  relationFromFields?: string[];
  relationToFields?: string[];
  relationOnDelete?: string;
}
interface DmmfModel {
  name: string;
  dbName: string | null;
  fields: DmmfField[];
}
interface DmmfIndex {
  model: string;
  type: "id" | "unique" | "normal" | "fulltext";
  dbName?: string | null;
  name?: string | null;
  fields: { name: string }[];
}

export interface ExpectedSchema {
  columns: string[]; // "Table.column type NULL|NOT NULL"
  indexes: string[]; // "Table name UNIQUE?(cols)"
  foreignKeys: string[]; // "Table(cols) -> Table(cols) ON DELETE x"
  enums: string[]; // "Enum: a,b,c"
}

const SCALAR: Record<string, string> = {
  String: "text",
  Int: "int4",
  BigInt: "int8",
  Float: "float8",
  Boolean: "bool",
  DateTime: "timestamp(3)",
  Json: "jsonb",
  Decimal: "numeric(65,30)",
  Bytes: "bytea",
};
const NATIVE: Record<string, (args: string[]) => string> = {
  Uuid: () => "uuid",
  Timestamptz: (a) => `timestamptz(${a[0] ?? 6})`,
  Timestamp: (a) => `timestamp(${a[0] ?? 6})`,
  Text: () => "text",
  VarChar: (a) => (a[0] ? `varchar(${a[0]})` : "varchar"),
  Integer: () => "int4",
  SmallInt: () => "int2",
  BigInt: () => "int8",
  DoublePrecision: () => "float8",
  Real: () => "float4",
  JsonB: () => "jsonb",
  Json: () => "json",
  Date: () => "date",
};
const ON_DELETE: Record<string, string> = {
  Cascade: "CASCADE",
  SetNull: "SET NULL",
  Restrict: "RESTRICT",
  NoAction: "NO ACTION",
  SetDefault: "SET DEFAULT",
};

export function expectedSchema(schemaPath = "prisma/schema.prisma"): ExpectedSchema {
  const dmmf = JSON.parse(
    wasm.get_dmmf(JSON.stringify({ prismaSchema: [["schema.prisma", readFileSync(schemaPath, "utf8")]] })),
  ) as { datamodel: { models: DmmfModel[]; enums: { name: string; values: { name: string }[] }[]; indexes: DmmfIndex[] } };
  const models = new Map(dmmf.datamodel.models.map((m) => [m.name, m]));
  const table = (model: string) => models.get(model)!.dbName ?? model;
  const column = (model: string, field: string) => {
    const f = models.get(model)!.fields.find((x) => x.name === field)!;
    return f.dbName ?? f.name;
  };

  const columns: string[] = [];
  const foreignKeys: string[] = [];
  for (const m of dmmf.datamodel.models) {
    for (const f of m.fields) {
      if (f.kind === "object") {
        if (f.relationFromFields?.length) {
          const from = f.relationFromFields.map((x) => column(m.name, x)).join(",");
          const to = (f.relationToFields ?? []).map((x) => column(f.type, x)).join(",");
          const onDelete = ON_DELETE[f.relationOnDelete ?? (f.isRequired ? "Restrict" : "SetNull")];
          foreignKeys.push(`${table(m.name)}(${from}) -> ${table(f.type)}(${to}) ON DELETE ${onDelete}`);
        }
        continue;
      }
      let type = f.kind === "enum" ? f.type : f.nativeType ? NATIVE[f.nativeType[0]]!(f.nativeType[1]) : SCALAR[f.type]!;
      if (f.isList) type = `${type}[]`;
      columns.push(`${table(m.name)}.${f.dbName ?? f.name} ${type} ${f.isRequired || f.isList ? "NOT NULL" : "NULL"}`);
    }
  }

  const indexes = dmmf.datamodel.indexes.map((ix) => {
    const t = table(ix.model);
    const cols = ix.fields.map((f) => column(ix.model, f.name));
    const suffix = ix.type === "id" ? "pkey" : ix.type === "unique" ? "key" : "idx";
    const name = ix.dbName ?? (ix.type === "id" ? `${t}_pkey` : `${t}_${cols.join("_")}_${suffix}`);
    return `${t} ${name} ${ix.type === "normal" ? "" : "UNIQUE"}(${cols.join(",")})`;
  });

  const enums = dmmf.datamodel.enums.map((e) => `${e.name}: ${e.values.map((v) => v.name).join(",")}`);
  return { columns: columns.sort(), indexes: indexes.sort(), foreignKeys: foreignKeys.sort(), enums: enums.sort() };
}
