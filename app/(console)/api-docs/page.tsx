import Link from "next/link";
import { Operation } from "@/components/console/api-docs/operation";
import { PageHeader } from "@/components/ui/page-header";
import document from "@/lib/openapi/openapi.json";
import type { OpenApiDocument, OperationObject } from "@/lib/openapi/types";

export const metadata = { title: "API" };

// The committed OpenAPI document (the one /api/openapi.json serves), grouped by tag. Plain server
// HTML: no client script, and nothing of it reaches participant pages.
const doc = document as unknown as OpenApiDocument;
const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
  Object.entries(item as Record<string, OperationObject>).map(([method, op]) => ({ path, method, op })),
);

export default function ApiDocsPage() {
  return (
    <>
      <PageHeader title="API" description={`Sally API ${doc.info.version}: every operation, its parameters and body, and who may call it.`} />
      <div className="space-y-3 text-sm">
        <p>
          The machine-readable document is <a href="/api/openapi.json" className="text-primary underline">/api/openapi.json</a> (OpenAPI 3.1).
          Scripts authenticate with a personal API token from <Link href="/account" className="text-primary underline">your account page</Link>,
          sent as <code className="font-mono">Authorization: Bearer &lt;token&gt;</code>, on the operations marked “Browser session or API token”.
          Errors are problem+json.
        </p>
        <nav aria-label="API sections">
          <ul className="flex flex-wrap gap-x-4 gap-y-1">
            {doc.tags.map((t) => (
              <li key={t.name}>
                <a href={`#tag-${t.name}`} className="text-primary underline">{t.name}</a>
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
