import type { ErrorStatus } from "@/lib/openapi/components";
import type { ParameterObject, RequestBodyObject, ResponseObject, SecurityRequirement } from "@/lib/openapi/types";

// How lib/openapi/operations.ts describes what a route's zod schemas cannot say: success answers
// (routes declare no output schema), files and streams, raw request bodies.

export interface OperationDoc {
  summary: string;
  description?: string;
  /** success answers by status; without it, 200 with a JSON body */
  responses?: Record<number, ResponseObject>;
  /** a body the handler reads itself (an upload, a signed webhook), not a declared JSON body */
  requestBody?: RequestBodyObject;
  /** parameters the schema cannot declare (a repeated query parameter) */
  parameters?: ParameterObject[];
  /** errors beyond those that follow from the route's declaration */
  errors?: ErrorStatus[];
  /** who is asked to authenticate, where it is not a session or a token (participants, webhooks) */
  security?: SecurityRequirement[];
  /** only for a handler not declared with route(): who may call it */
  handler?: { auth: "public" | "next-auth" };
}

export const json = (description: string): ResponseObject => ({ description, content: { "application/json": {} } });

export const noContent = (description: string): ResponseObject => ({ description });

/** A file download (Content-Disposition: attachment), in one of these media types. */
export function download(description: string, mediaTypes: string[]): ResponseObject {
  return {
    description,
    headers: { "Content-Disposition": { description: "attachment; filename=…", schema: { type: "string" } } },
    content: Object.fromEntries(mediaTypes.map((type) => [type, { schema: { type: "string", contentMediaType: type } }])),
  };
}

export const PARTICIPANT: SecurityRequirement[] = [{ participant: [] }];
