import { z } from "zod";
import type { JsonSchema } from "@/lib/openapi/types";

/**
 * A route's zod schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect), input side: what a client
 * sends, before defaults and transforms. Reused parts are inlined, so every schema stands alone in
 * the document (a `$ref` to `#/$defs/…` would resolve against the document, not the schema). A
 * recursive or unrepresentable schema throws: the route must then be described by hand.
 */
export function inputSchema(schema: z.ZodType): JsonSchema {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { io: "input", reused: "inline", cycles: "throw", unrepresentable: "throw" }) as JsonSchema;
  return json;
}

/** The properties of an object schema (query string, path parameters), each with whether it is required. */
export function objectFields(schema: z.ZodType): { name: string; required: boolean; schema: JsonSchema }[] {
  const json = inputSchema(schema);
  const properties = json.properties as Record<string, JsonSchema> | undefined;
  if (json.type !== "object" || !properties) throw new Error("query and path parameters must be declared as a z.object");
  const required = new Set((json.required as string[] | undefined) ?? []);
  return Object.entries(properties).map(([name, field]) => ({ name, required: required.has(name), schema: field }));
}
