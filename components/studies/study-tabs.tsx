"use client";

import { useTranslations } from "next-intl";
import Link from "next/link";
import { usePathname } from "next/navigation";

const TABS = [
  { path: "", key: "overview" },
  { path: "/units", key: "units" },
  { path: "/participants", key: "participants" },
  { path: "/quality", key: "quality" },
  { path: "/groups", key: "groups", groupsOnly: true },
  { path: "/adjudication", key: "adjudication" },
  { path: "/settings", key: "settings" },
] as const;

// The study's pages as links (each is its own route, so it can be bookmarked and shared). The
// groups tab is there only for a study whose settings have groups.
export function StudyTabs({ studyId, groups = false }: { studyId: string; groups?: boolean }) {
  const pathname = usePathname();
  const t = useTranslations("console.studies.tabs");
  const base = `/studies/${studyId}`;
  return (
    <nav aria-label={t("label")} className="mb-6 relative overflow-x-auto border-b border-line">
      <ul className="flex min-w-max gap-1">
        {TABS.filter((tab) => groups || !("groupsOnly" in tab)).map((tab) => {
          const href = `${base}${tab.path}`;
          const current = pathname === href;
          return (
            <li key={tab.path}>
              <Link
                href={href}
                aria-current={current ? "page" : undefined}
                className={`inline-flex min-h-11 items-center border-b-2 px-3 text-sm font-medium ${
                  current ? "border-primary text-primary" : "border-transparent text-ink hover:bg-bg"
                }`}
              >
                {t(tab.key)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
