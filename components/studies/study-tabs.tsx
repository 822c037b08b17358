"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";

const TABS = [
  { path: "", label: "Overview" },
  { path: "/units", label: "Units" },
  { path: "/participants", label: "Participants" },
  { path: "/groups", label: "Groups", groupsOnly: true },
  { path: "/adjudication", label: "Adjudication" },
  { path: "/settings", label: "Settings" },
];

// The study's pages as links (each is its own route, so it can be bookmarked and shared). The
// groups tab is there only for a study whose settings have groups.
export function StudyTabs({ studyId, groups = false }: { studyId: string; groups?: boolean }) {
  const pathname = usePathname();
  const base = `/studies/${studyId}`;
  return (
    <nav aria-label="Study sections" className="mb-6 relative overflow-x-auto border-b border-line">
      <ul className="flex min-w-max gap-1">
        {TABS.filter((tab) => groups || !tab.groupsOnly).map((tab) => {
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
                {tab.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
