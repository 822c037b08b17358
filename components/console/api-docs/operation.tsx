import { FieldTable } from "@/components/console/api-docs/schema-table";
import { ERROR_RESPONSES } from "@/lib/openapi/components";
import { schemaRows, typeLabel } from "@/lib/openapi/schema-rows";
import type { OperationObject, ResponseObject } from "@/lib/openapi/types";

// One operation of the OpenAPI document, for people: who may call it, its parameters and body as
// tables, and its answers.
export function Operation({ method, path, op }: { method: string; path: string; op: OperationObject }) {
  const id = op.operationId;
  const parameters = (op.parameters ?? []).map((p) => ({
    name: p.name,
    in: p.in,
    type: typeLabel(p.schema),
    required: p.required ?? false,
    notes: [...(p.description ? [p.description] : []), ...schemaRows({ properties: { [p.name]: p.schema } })[0]!.notes],
  }));
  const json = op.requestBody?.content["application/json"]?.schema;
  const bodyRows = json ? schemaRows(json) : [];
  const otherBodies = Object.keys(op.requestBody?.content ?? {}).filter((t) => t !== "application/json" || bodyRows.length === 0);
  return (
    <article aria-labelledby={id} className="space-y-3 rounded-card border border-line bg-surface p-5">
      <h3 id={id} className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <span className="rounded-control bg-primary-soft px-2 py-0.5 font-mono text-sm font-semibold">{method.toUpperCase()}</span>{" "}
        <code className="break-all font-mono text-base">{path}</code>{" "}
        <span className="text-base font-semibold">{op.summary}</span>
      </h3>
      {op.description && <p className="text-sm">{op.description}</p>}
      <p className="text-sm text-muted">{who(op)}</p>
      {parameters.length > 0 && <FieldTable caption="Parameters" rows={parameters} where />}
      {bodyRows.length > 0 && <FieldTable caption={`Request body (${op.requestBody?.description ?? "JSON"})`} rows={bodyRows} />}
      {otherBodies.length > 0 && (
        <p className="text-sm">
          Request body: {otherBodies.join(", ")}
          {op.requestBody?.description ? ` (${op.requestBody.description})` : ""}.
        </p>
      )}
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        {Object.entries(op.responses).map(([status, response]) => (
          <div key={status} className="contents">
            <dt className="font-mono">{status}</dt>
            <dd>{describe(status, response)}</dd>
          </div>
        ))}
      </dl>
    </article>
  );
}

function who(op: OperationObject): string {
  const auth = op["x-sally-auth"];
  const roles = op["x-sally-roles"] as string[] | undefined;
  const token = op["x-sally-api-token"] ? "Browser session or API token." : "";
  if (auth === "public") return op.security.length ? "No account: the participant cookie of the study." : "Anyone.";
  if (auth === "next-auth") return "next-auth's own endpoint.";
  const base = auth === "signed-in" ? "Any signed-in user" : `Roles: ${roles?.join(", ")}`;
  return `${base} (${auth}). ${token || "Browser session only."}`;
}

function describe(status: string, response: ResponseObject | { $ref: string }): string {
  if (!("$ref" in response)) return [response.description, ...Object.keys(response.content ?? {}).filter((t) => t !== "application/json")].join(" · ");
  const known = Object.values(ERROR_RESPONSES).find(([name]) => response.$ref.endsWith(`/${name}`));
  return known ? `${known[1]} (problem+json)` : `see ${response.$ref}`;
}
