import { getTranslations } from "next-intl/server";
import Link from "next/link";

/** A page that only says something and links home: not found, forbidden. */
export async function MessagePage({ namespace }: { namespace: "console.forbidden" | "console.notFound" }) {
  const t = await getTranslations(namespace);
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-16">
      <h1 className="text-2xl font-semibold">{t("title")}</h1>
      <p className="mt-3 text-muted">{t("text")}</p>
      <Link href="/" className="mt-6 inline-block font-medium text-primary underline">
        {t("home")}
      </Link>
    </main>
  );
}
