import { useTranslations } from "next-intl";
import { FieldTable } from "@/components/console/api-docs/schema-table";
import { ERROR_RESPONSES } from "@/lib/openapi/components";
import { schemaRows, typeLabel } from "@/lib/openapi/schema-rows";
import type { OperationObject, ResponseObject } from "@/lib/openapi/types";

// One operation of the OpenAPI document, for people: who may call it, its parameters and body as
// tables, and its answers.
export function Operation({ method, path, op }: { method: string; path: string; op: OperationObject }) {
  const t = useTranslations("console.apiDocs.operation");
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
      <p className="text-sm text-muted">{who(op, t)}</p>
      {parameters.length > 0 && <FieldTable caption={t("parameters")} rows={parameters} where />}
      {bodyRows.length > 0 && <FieldTable caption={t("body", { description: op.requestBody?.description ?? "JSON" })} rows={bodyRows} />}
      {otherBodies.length > 0 && (
        <p className="text-sm">
          {t("otherBodies", { types: otherBodies.join(", "), hasDescription: op.requestBody?.description ? "yes" : "no", description: op.requestBody?.description ?? "" })}
        </p>
      )}
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        {Object.entries(op.responses).map(([status, response]) => (
          <div key={status} className="contents">
            <dt className="font-mono">{status}</dt>
            <dd>{describe(status, response, t)}</dd>
          </div>
        ))}
      </dl>
    </article>
  );
}

type Translate = ReturnType<typeof useTranslations<"console.apiDocs.operation">>;

function who(op: OperationObject, t: Translate): string {
  const auth = op["x-sally-auth"];
  const roles = op["x-sally-roles"] as string[] | undefined;
  if (auth === "public") return op.security.length ? t("participantCookie") : t("anyone");
  if (auth === "next-auth") return t("nextAuth");
  const base = auth === "signed-in" ? t("anySignedIn") : t("roles", { roles: roles?.join(", ") ?? "" });
  return t("who", { base, auth: String(auth), token: op["x-sally-api-token"] ? "yes" : "no" });
}

function describe(status: string, response: ResponseObject | { $ref: string }, t: Translate): string {
  if (!("$ref" in response)) return [response.description, ...Object.keys(response.content ?? {}).filter((type) => type !== "application/json")].join(" · ");
  const known = Object.values(ERROR_RESPONSES).find(([name]) => response.$ref.endsWith(`/${name}`));
  return known ? t("problem", { description: known[1] }) : t("see", { ref: response.$ref });
}
