import pkg from "@/package.json";
import type { RouteSpec } from "@/lib/http/route";
import { components, ERROR_RESPONSES, type ErrorStatus } from "@/lib/openapi/components";
import { OPERATIONS, TAGS } from "@/lib/openapi/operations";
import { operationId, openApiPath, type PathParam } from "@/lib/openapi/paths";
import type { OperationDoc } from "@/lib/openapi/responses";
import { inputSchema, objectFields } from "@/lib/openapi/schema";
import { operationParts } from "@/lib/openapi/operation-parts";
import type { OpenApiDocument, OperationObject, PathItem } from "@/lib/openapi/types";

// The OpenAPI 3.1 document, built from the real route modules: each handler made by route()
// carries its declaration (`handler.spec`), so paths, parameters, request bodies, auth and error
// answers are read from the code that enforces them. lib/openapi/operations.ts adds the prose.

export interface LoadedRoute {
  /** the route file, relative to the repository: "app/api/datasets/[id]/route.ts" */
  file: string;
  module: Record<string, unknown>;
}

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
type Method = (typeof METHODS)[number];
const OTHER_METHODS = ["HEAD", "OPTIONS"];

export class UndocumentedRoutes extends Error {
  constructor(readonly problems: string[]) {
    super(`The OpenAPI document cannot be built:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
  }
}

export function buildDocument(routes: LoadedRoute[], docs: Record<string, OperationDoc> = OPERATIONS): OpenApiDocument {
  const problems: string[] = [];
  const paths: Record<string, PathItem> = {};
  const seen = new Set<string>();
  for (const route of [...routes].sort((a, b) => a.file.localeCompare(b.file))) {
    const { path, params } = openApiPath(route.file);
    for (const name of OTHER_METHODS) if (name in route.module) problems.push(`${name} ${path}: only ${METHODS.join(", ")} are described`);
    for (const method of METHODS) {
      const handler = route.module[method];
      if (handler === undefined) continue;
      const key = `${method} ${path}`;
      seen.add(key);
      const doc = docs[key];
      if (!doc) {
        problems.push(`${key} (${route.file}) has no entry in lib/openapi/operations.ts`);
        continue;
      }
      const spec = specOf(handler);
      if (!spec && !doc.handler) problems.push(`${key} is not declared with route(): its entry must say who may call it (handler.auth)`);
      if (spec && doc.handler) problems.push(`${key} is declared with route(): its entry must not set handler`);
      if (spec?.body && doc.requestBody) problems.push(`${key} declares a JSON body: its entry must not describe another`);
      try {
        (paths[path] ??= {})[method.toLowerCase() as Lowercase<Method>] = operation(method, path, params, spec, doc);
      } catch (err) {
        problems.push(`${key}: ${(err as Error).message}`);
      }
    }
  }
  for (const key of Object.keys(docs)) if (!seen.has(key)) problems.push(`lib/openapi/operations.ts describes ${key}, which no route under app/api exports`);
  if (problems.length) throw new UndocumentedRoutes(problems);

  return {
    openapi: "3.1.0",
    info: {
      title: "Sally API",
      version: pkg.version,
      description:
        "Sally's HTTP API, generated from the zod schemas its routes declare. Errors are RFC 9457 problem details (`application/problem+json`). Sign in with a browser session, or, for scripts, send a personal API token from /account as `Authorization: Bearer <token>` on the operations marked `x-sally-api-token: true`.",
    },
    tags: TAGS.filter((t) => Object.keys(paths).some((p) => tagFor(p) === t.name)).map(({ name, description }) => ({ name, description })),
    paths: Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b))),
    components: components(),
  };
}

/** The declaration route() attached to a handler, if it was made by route(). */
export function specOf(handler: unknown): RouteSpec | undefined {
  if (typeof handler !== "function" || !("spec" in handler)) return undefined;
  const spec = (handler as { spec: unknown }).spec;
  return spec && typeof spec === "object" && "auth" in spec ? (spec as RouteSpec) : undefined;
}

export function tagFor(path: string): string {
  return TAGS.find((t) => t.prefixes.some((p) => path.startsWith(p)))?.name ?? path.split("/")[2] ?? "Other";
}

function operation(method: Method, path: string, params: PathParam[], spec: RouteSpec | undefined, doc: OperationDoc): OperationObject {
  const declared = spec?.params ? objectFields(spec.params) : [];
  const names = params.map((p) => p.name);
  const mismatch = declared.map((f) => f.name).filter((n) => !names.includes(n));
  if (mismatch.length) throw new Error(`params schema declares ${mismatch.join(", ")}, which the folder names (${names.join(", ") || "none"}) do not`);
  const pathParameters = params.map((p) => ({
    name: p.name,
    in: "path" as const,
    required: true,
    ...(p.catchAll ? { description: "one or more path segments" } : {}),
    schema: declared.find((f) => f.name === p.name)?.schema ?? { type: "string" },
  }));
  const query = spec?.query ? objectFields(spec.query).map((f) => ({ name: f.name, in: "query" as const, required: f.required, schema: f.schema })) : [];
  const parameters = [...pathParameters, ...query, ...(doc.parameters ?? [])];
  const parts = operationParts(method, spec, doc);
  const errors = [...new Set<ErrorStatus>([...parts.errors, ...(doc.errors ?? [])])].sort((a, b) => a - b);

  return {
    operationId: operationId(method, path),
    tags: [tagFor(path)],
    summary: doc.summary,
    ...(doc.description ? { description: doc.description } : {}),
    security: parts.security,
    ...(parameters.length ? { parameters } : {}),
    ...(spec?.body
      ? { requestBody: { required: true, description: `JSON, at most ${size(spec.maxBodyBytes ?? 0)}`, content: { "application/json": { schema: inputSchema(spec.body) } } } }
      : doc.requestBody
        ? { requestBody: doc.requestBody }
        : {}),
    responses: {
      ...Object.fromEntries(Object.entries(doc.responses ?? { 200: { description: "JSON", content: { "application/json": {} } } })),
      ...Object.fromEntries(errors.filter((s) => !doc.responses?.[s]).map((s) => [String(s), { $ref: `#/components/responses/${ERROR_RESPONSES[s][0]}` }])),
    },
    ...parts.extensions,
  };
}

function size(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KB`;
  return `${bytes} bytes`;
}
