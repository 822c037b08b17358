import { getTranslations } from "next-intl/server";
import Link from "next/link";
import { StateBadge } from "@/components/studies/state-badge";
import { buttonClass } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { requirePage } from "@/lib/auth/guards";
import { roleAllows } from "@/lib/auth/permissions";
import { listStudies } from "@/lib/studies/service";

export async function generateMetadata() {
  const t = await getTranslations("console.studies.list");
  return { title: t("title") };
}

const th = "px-4 py-3 font-medium";
const td = "px-4 py-3";

export default async function StudiesPage() {
  const user = await requirePage("studies.read");
  const [studies, t] = await Promise.all([listStudies(user), getTranslations("console.studies.list")]);
  return (
    <>
      <PageHeader
        title={t("title")}
        description={t("description")}
        actions={
          roleAllows(user, "studies.manage") && (
            <Link href="/studies/new" className={buttonClass("primary")}>
              {t("new")}
            </Link>
          )
        }
      />
      {studies.length === 0 ? (
        <p className="rounded-card border border-line bg-surface p-6 text-muted">{t("empty")}</p>
      ) : (
        <div className="relative overflow-x-auto rounded-card border border-line bg-surface">
          <table className="w-full min-w-[40rem] text-left text-sm">
            <caption className="sr-only">{t("caption", { scope: user.role === "admin" ? "all" : "own" })}</caption>
            <thead className="border-b border-line text-muted">
              <tr>
                <th scope="col" className={th}>{t("name")}</th>
                <th scope="col" className={th}>{t("dataset")}</th>
                <th scope="col" className={th}>{t("state")}</th>
                <th scope="col" className={`${th} text-right`}>{t("units")}</th>
                <th scope="col" className={`${th} text-right`}>{t("responses")}</th>
                <th scope="col" className={th}>{t("created")}</th>
              </tr>
            </thead>
            <tbody>
              {studies.map((s) => (
                <tr key={s.id} className="border-b border-line last:border-0">
                  <th scope="row" className={`${td} font-medium`}>
                    <Link href={`/studies/${s.id}`} className="text-primary underline-offset-2 hover:underline">
                      {s.name}
                    </Link>
                  </th>
                  <td className={td}>
                    {s.dataset.name} <span className="text-muted">({s.dataset.benchmark})</span>
                  </td>
                  <td className={td}>
                    <StateBadge state={s.state} />
                  </td>
                  <td className={`${td} text-right tabular-nums`}>{s._count.units}</td>
                  <td className={`${td} text-right tabular-nums`}>{s._count.responses}</td>
                  <td className={td}>
                    <time dateTime={s.createdAt.toISOString()}>{s.createdAt.toISOString().slice(0, 10)}</time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
