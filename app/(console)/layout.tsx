import { NextIntlClientProvider } from "next-intl";
import { getMessages, getTranslations } from "next-intl/server";
import Link from "next/link";
import { redirect } from "next/navigation";
import { ConsoleNav, type NavItem } from "@/components/console/nav";
import { UserMenu } from "@/components/console/user-menu";
import { roleAllows } from "@/lib/auth/permissions";
import { currentUser } from "@/lib/auth/session";
import { CONSOLE_CLIENT_NAMESPACES, pickNamespaces } from "@/lib/i18n/namespaces";

export const dynamic = "force-dynamic";

export default async function ConsoleLayout({ children }: { children: React.ReactNode }) {
  const user = await currentUser();
  if (!user) redirect("/signin");
  // console pages resolve to English (lib/i18n/request.ts); their strings use the same catalogs
  const [t, messages] = await Promise.all([getTranslations("console.nav"), getMessages()]);
  const items: NavItem[] = [
    ...(roleAllows(user, "datasets.read") ? [{ href: "/datasets", label: t("datasets") }] : []),
    ...(roleAllows(user, "studies.read") ? [{ href: "/studies", label: t("studies") }] : []),
    ...(roleAllows(user, "studies.annotate") ? [{ href: "/queue", label: t("queue") }] : []),
    ...(roleAllows(user, "users.manage") ? [{ href: "/users", label: t("users") }] : []),
  ];
  return (
    <NextIntlClientProvider messages={pickNamespaces(messages, CONSOLE_CLIENT_NAMESPACES)}>
      <div className="min-h-screen">
        <header className="border-b border-line bg-surface">
          <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-2">
            <div className="flex flex-wrap items-center gap-4">
              <Link href="/" className="text-lg font-semibold">
                {t("home")}
              </Link>
              <ConsoleNav items={items} />
            </div>
            <UserMenu name={user.name} email={user.email} role={user.role} />
          </div>
        </header>
        <main id="main" className="mx-auto max-w-6xl px-4 py-8">
          {children}
        </main>
      </div>
    </NextIntlClientProvider>
  );
}
