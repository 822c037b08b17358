"use client";

import { useTranslations } from "next-intl";
import Link from "next/link";
import { usePathname } from "next/navigation";

export interface NavItem {
  href: string;
  label: string;
}

export function ConsoleNav({ items }: { items: NavItem[] }) {
  const pathname = usePathname();
  const t = useTranslations("console.nav");
  return (
    <nav aria-label={t("label")}>
      <ul className="flex flex-wrap gap-1">
        {items.map((item) => {
          const current = pathname === item.href || pathname.startsWith(`${item.href}/`);
          return (
            <li key={item.href}>
              <Link
                href={item.href}
                aria-current={current ? "page" : undefined}
                className={`inline-flex min-h-11 items-center rounded-control px-3 text-sm font-medium ${
                  current ? "bg-primary-soft text-primary" : "text-ink hover:bg-bg"
                }`}
              >
                {item.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
