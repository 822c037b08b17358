import Link from "next/link";
import { redirect } from "next/navigation";
import { ConsoleNav, type NavItem } from "@/components/console/nav";
import { UserMenu } from "@/components/console/user-menu";
import { roleAllows } from "@/lib/auth/permissions";
import { currentUser } from "@/lib/auth/session";

export const dynamic = "force-dynamic";

export default async function ConsoleLayout({ children }: { children: React.ReactNode }) {
  const user = await currentUser();
  if (!user) redirect("/signin");
  const items: NavItem[] = [
    ...(roleAllows(user, "datasets.read") ? [{ href: "/datasets", label: "Datasets" }] : []),
    ...(roleAllows(user, "studies.read") ? [{ href: "/studies", label: "Studies" }] : []),
    ...(roleAllows(user, "studies.annotate") ? [{ href: "/queue", label: "My queue" }] : []),
    ...(roleAllows(user, "users.manage") ? [{ href: "/users", label: "Users" }] : []),
  ];
  return (
    <div className="min-h-screen">
      <header className="border-b border-line bg-surface">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-2">
          <div className="flex flex-wrap items-center gap-4">
            <Link href="/" className="text-lg font-semibold">
              Sally
            </Link>
            <ConsoleNav items={items} />
          </div>
          <UserMenu name={user.name} email={user.email} role={user.role} />
        </div>
      </header>
      <main id="main" className="mx-auto max-w-6xl px-4 py-8">
        {children}
      </main>
      <footer className="mx-auto max-w-6xl px-4 pb-6 text-sm text-muted">
        <Link href="/accessibility" className="inline-flex min-h-6 items-center underline">
          Accessibility
        </Link>
      </footer>
    </div>
  );
}
