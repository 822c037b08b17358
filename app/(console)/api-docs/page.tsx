import { getTranslations } from "next-intl/server";
import Link from "next/link";
import { Operation } from "@/components/console/api-docs/operation";
import { PageHeader } from "@/components/ui/page-header";
import document from "@/lib/openapi/openapi.json";
import type { OpenApiDocument, OperationObject } from "@/lib/openapi/types";

export async function generateMetadata() {
  const t = await getTranslations("console.apiDocs");
  return { title: t("title") };
}

// The committed OpenAPI document (the one /api/openapi.json serves), grouped by tag. Plain server
// HTML: no client script, and nothing of it reaches participant pages.
const doc = document as unknown as OpenApiDocument;
const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
  Object.entries(item as Record<string, OperationObject>).map(([method, op]) => ({ path, method, op })),
);

export default async function ApiDocsPage() {
  const t = await getTranslations("console.apiDocs");
  return (
    <>
      <PageHeader title={t("title")} description={t("description", { version: doc.info.version })} />
      <div className="space-y-3 text-sm">
        <p>
          {t.rich("intro", {
            header: "Authorization: Bearer <token>",
            doc: (chunks) => (
              <a href="/api/openapi.json" className="text-primary underline">
                {chunks}
              </a>
            ),
            account: (chunks) => (
              <Link href="/account" className="text-primary underline">
                {chunks}
              </Link>
            ),
            code: (chunks) => <code className="font-mono">{chunks}</code>,
          })}
        </p>
        <nav aria-label={t("sections")}>
          <ul className="flex flex-wrap gap-x-4 gap-y-1">
            {doc.tags.map((tag) => (
              <li key={tag.name}>
                <a href={`#tag-${tag.name}`} className="text-primary underline">{tag.name}</a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      {doc.tags.map((tag) => (
        <section key={tag.name} aria-labelledby={`tag-${tag.name}`} className="mt-8 space-y-4">
          <div>
            <h2 id={`tag-${tag.name}`} className="text-xl font-semibold">{tag.name}</h2>
            <p className="text-muted">{tag.description}</p>
          </div>
          {operations
            .filter((o) => o.op.tags.includes(tag.name))
            .map((o) => (
              <Operation key={o.op.operationId} method={o.method} path={o.path} op={o.op} />
            ))}
        </section>
      ))}
    </>
  );
}
