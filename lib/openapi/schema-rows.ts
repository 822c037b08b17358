import type { JsonSchema } from "@/lib/openapi/types";

// A JSON Schema as rows a person can read (the /api-docs page): one row per field, nested
// fields as `a.b` and array items as `a[].b`, with a type in words and the constraints.

export interface SchemaRow {
  name: string;
  type: string;
  required: boolean;
  notes: string[];
}

const MAX_DEPTH = 4;

export function schemaRows(schema: JsonSchema, prefix = "", depth = 0): SchemaRow[] {
  const properties = schema.properties as Record<string, JsonSchema> | undefined;
  if (!properties) return [];
  const required = new Set((schema.required as string[] | undefined) ?? []);
  return Object.entries(properties).flatMap(([key, field]) => {
    const name = prefix ? `${prefix}.${key}` : key;
    const row: SchemaRow = { name, type: typeLabel(field), required: required.has(key), notes: notes(field) };
    if (depth + 1 >= MAX_DEPTH) return [row];
    const items = field.items as JsonSchema | undefined;
    const nested = field.properties ? schemaRows(field, name, depth + 1) : items?.properties ? schemaRows(items, `${name}[]`, depth + 1) : [];
    return [row, ...nested];
  });
}

export function typeLabel(schema: JsonSchema): string {
  const anyOf = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (anyOf) return [...new Set(anyOf.map(typeLabel))].join(" or ");
  if ("const" in schema) return JSON.stringify(schema.const);
  if (Array.isArray(schema.enum)) return `one of ${schema.enum.map((v) => JSON.stringify(v)).join(", ")}`;
  const type = Array.isArray(schema.type) ? schema.type.join(" or ") : (schema.type as string | undefined);
  if (type === "array") return `${typeLabel((schema.items as JsonSchema | undefined) ?? {})}[]`;
  if (type === "string" && typeof schema.format === "string") return `string (${schema.format})`;
  if (type === "object" && !schema.properties && schema.additionalProperties) return "object (map)";
  return type ?? "any JSON";
}

function notes(schema: JsonSchema): string[] {
  const out: string[] = [];
  // constraints inside "x or null" belong to the field
  for (const branch of ((schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined) ?? []) out.push(...notes(branch));
  const range = (min: unknown, max: unknown, unit: string) => {
    if (min !== undefined && max !== undefined) out.push(`${min}–${max}${unit}`);
    else if (min !== undefined) out.push(`at least ${min}${unit}`);
    else if (max !== undefined) out.push(`at most ${max}${unit}`);
  };
  range(schema.minLength, schema.maxLength, " characters");
  range(schema.minimum, schema.maximum, "");
  range(schema.minItems, schema.maxItems, " items");
  if (schema.default !== undefined) out.push(`default ${JSON.stringify(schema.default)}`);
  if (typeof schema.pattern === "string" && !schema.format) out.push(`matches ${schema.pattern}`);
  if (typeof schema.description === "string") out.push(schema.description);
  return out;
}
