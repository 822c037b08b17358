// Typed failures that services throw and the route wrapper turns into problem+json (lib/http/problem.ts).
export const ERROR_STATUS = {
  bad_request: 400,
  malformed_json: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
  payload_too_large: 413,
  unsupported_media_type: 415,
  invalid_input: 422,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface InvalidParam {
  name: string;
  reason: string;
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly invalidParams?: InvalidParam[];
  readonly extra?: Record<string, unknown>;

  constructor(
    code: ErrorCode,
    message: string,
    options: { cause?: unknown; invalidParams?: InvalidParam[]; extra?: Record<string, unknown> } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = "AppError";
    this.code = code;
    this.invalidParams = options.invalidParams;
    this.extra = options.extra;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}
