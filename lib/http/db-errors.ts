import { Prisma } from "@/lib/db/client";
import { AppError } from "@/lib/errors";

// PostgreSQL failures arrive raw from pg (bulk paths, participant queries) or wrapped by Prisma,
// whose driver adapter keeps the original SQLSTATE and message. Both are read into one shape and
// mapped here, once. The client gets the kind of clash and the column names, never the driver's
// text: that names constraints and repeats the offending values.

export type DbFailure =
  | { kind: "unique"; fields: string[] }
  | { kind: "missing_reference"; fields: string[] }
  | { kind: "still_referenced" }
  | { kind: "check"; fields: string[] }
  | { kind: "unavailable" };

interface Raw {
  code?: string;
  constraint?: string;
  detail?: string;
  message: string;
  fields?: string[];
}

// SQLSTATEs that mean "the database cannot serve us right now", not "the request is wrong":
// connection exceptions (08…), shutdown or restart in progress (57P01-03), too many connections.
const UNAVAILABLE_STATES = /^(08...|57P0[123]|53300)$/;
const SOCKET_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "EHOSTUNREACH", "EAI_AGAIN"]);
// pg and pg-pool report a dropped or never-made connection with plain Errors and these messages.
const UNAVAILABLE_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection refused/i;
// Prisma's own codes for the same situations, and its driver adapter's kinds.
const PRISMA_UNAVAILABLE = new Set(["P1001", "P1002", "P1008", "P1017", "P2024", "P2037"]);
const ADAPTER_UNAVAILABLE = new Set(["DatabaseNotReachable", "ConnectionClosed", "SocketTimeout", "TooManyConnections", "TlsConnectionError"]);

export function classifyDatabaseError(err: unknown): DbFailure | null {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (isUnavailable(e)) return { kind: "unavailable" };
    const raw = readRaw(e);
    if (!raw) continue;
    const fields = raw.fields ?? fieldsFromDetail(raw.detail) ?? fieldsFromConstraint(raw.constraint ?? constraintInMessage(raw.message));
    switch (raw.code) {
      case "23505":
        return { kind: "unique", fields };
      case "23503":
      case "23001":
        // "update or delete on table … is still referenced" vs "insert or update … is not present"
        return /^update or delete on table/.test(raw.message) || raw.code === "23001"
          ? { kind: "still_referenced" }
          : { kind: "missing_reference", fields };
      case "23514":
        return { kind: "check", fields };
    }
  }
  return null;
}

export function appErrorFromDatabase(err: unknown): AppError | null {
  const failure = classifyDatabaseError(err);
  if (!failure) return null;
  const params = (fields: string[], reason: string) => (fields.length ? fields.map((name) => ({ name, reason })) : undefined);
  switch (failure.kind) {
    case "unique": {
      const reason = failure.fields.length > 1 ? `this combination of ${failure.fields.join(", ")} is already used` : "is already used";
      return new AppError("conflict", "This conflicts with an existing record.", { cause: err, invalidParams: params(failure.fields, reason) });
    }
    case "missing_reference":
      return new AppError("invalid_input", "The request refers to a record that does not exist.", {
        cause: err,
        invalidParams: params(failure.fields, "refers to a record that does not exist"),
      });
    case "still_referenced":
      return new AppError("conflict", "Other records still depend on this one, so it cannot be removed.", { cause: err });
    case "check":
      return new AppError("invalid_input", "A value is outside what the database allows.", {
        cause: err,
        invalidParams: params(failure.fields, "is outside the allowed range"),
      });
    case "unavailable":
      return new AppError("unavailable", "The database is not reachable right now. Try again in a few seconds.", { cause: err });
  }
}

function isUnavailable(e: unknown): boolean {
  if (!(e instanceof Error)) return false;
  const code = (e as { code?: unknown }).code;
  if (e instanceof Prisma.PrismaClientKnownRequestError) {
    const cause = adapterCause(e);
    if (PRISMA_UNAVAILABLE.has(e.code)) return true;
    if (cause && ADAPTER_UNAVAILABLE.has(String(cause.kind))) return true;
    return typeof cause?.originalCode === "string" && UNAVAILABLE_STATES.test(cause.originalCode);
  }
  if (e instanceof Prisma.PrismaClientInitializationError) return PRISMA_UNAVAILABLE.has(e.errorCode ?? "");
  if (typeof code === "string" && (SOCKET_CODES.has(code) || UNAVAILABLE_STATES.test(code))) return true;
  return UNAVAILABLE_MESSAGES.test(e.message);
}

interface AdapterCause {
  kind?: unknown;
  originalCode?: unknown;
  originalMessage?: unknown;
  constraint?: { index?: string; fields?: string[] };
}

function adapterCause(e: Prisma.PrismaClientKnownRequestError): AdapterCause | undefined {
  const wrapped = (e.meta as { driverAdapterError?: { cause?: AdapterCause } } | undefined)?.driverAdapterError;
  return wrapped?.cause;
}

function readRaw(e: unknown): Raw | null {
  if (e instanceof Prisma.PrismaClientKnownRequestError) {
    const cause = adapterCause(e);
    if (cause && typeof cause.originalCode === "string") {
      return {
        code: cause.originalCode,
        constraint: cause.constraint?.index,
        fields: cause.constraint?.fields,
        message: typeof cause.originalMessage === "string" ? cause.originalMessage : "",
      };
    }
    // without the adapter's details, Prisma's own codes still say which kind of violation it was
    const target = (e.meta as { target?: unknown } | undefined)?.target;
    const fields = Array.isArray(target) ? target.map(String) : undefined;
    const code = { P2002: "23505", P2003: "23503", P2004: "23514" }[e.code];
    return code ? { code, fields: fields ?? [], message: "" } : null;
  }
  // pg's DatabaseError: a SQLSTATE plus the server's own fields
  const pgErr = e as { code?: unknown; severity?: unknown; constraint?: string; detail?: string; message?: string };
  if (e instanceof Error && typeof pgErr.code === "string" && typeof pgErr.severity === "string") {
    return { code: pgErr.code, constraint: pgErr.constraint, detail: pgErr.detail, message: e.message };
  }
  return null;
}

// `Key (studyId, pseudonym)=(…)` in a unique or foreign-key violation lists the columns exactly.
function fieldsFromDetail(detail: string | undefined): string[] | undefined {
  const list = detail?.match(/^Key \(([^)]+)\)=/)?.[1];
  return list?.split(", ").map((c) => c.replace(/^"|"$/g, ""));
}

function constraintInMessage(message: string): string | undefined {
  return message.match(/constraint "([^"]+)"/)?.[1];
}

// Constraint names follow Prisma's convention, `Table_col1_col2_suffix` (and our CHECKs,
// `Table_col_rule`). Tables and columns are camelCase without underscores, so the parts between
// the first and the last underscore are the columns.
function fieldsFromConstraint(name: string | undefined): string[] {
  const parts = name?.split("_") ?? [];
  return parts.length >= 3 ? parts.slice(1, -1) : [];
}
