// The parts of OpenAPI 3.1 that Sally's document uses (https://spec.openapis.org/oas/v3.1.0).

export type JsonSchema = Record<string, unknown>;

export interface MediaType {
  schema?: JsonSchema;
}

export interface ResponseObject {
  description: string;
  headers?: Record<string, { description: string; schema: JsonSchema }>;
  content?: Record<string, MediaType>;
}

export type ResponseOrRef = ResponseObject | { $ref: string };

export interface ParameterObject {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  required?: boolean;
  description?: string;
  schema: JsonSchema;
  style?: string;
  explode?: boolean;
}

export interface RequestBodyObject {
  required?: boolean;
  description?: string;
  content: Record<string, MediaType>;
}

export type SecurityRequirement = Record<string, string[]>;

export interface OperationObject {
  operationId: string;
  tags: string[];
  summary: string;
  description?: string;
  security: SecurityRequirement[];
  parameters?: ParameterObject[];
  requestBody?: RequestBodyObject;
  responses: Record<string, ResponseOrRef>;
  [extension: `x-${string}`]: unknown;
}

export type PathItem = Partial<Record<"get" | "post" | "put" | "patch" | "delete", OperationObject>>;

export interface OpenApiDocument {
  openapi: "3.1.0";
  info: { title: string; version: string; description: string };
  tags: { name: string; description: string }[];
  paths: Record<string, PathItem>;
  components: {
    schemas: Record<string, JsonSchema>;
    responses: Record<string, ResponseObject>;
    securitySchemes: Record<string, Record<string, unknown>>;
  };
}
