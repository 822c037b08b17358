import { getTranslations } from "next-intl/server";
import { UsersAdmin } from "@/components/console/users-admin";
import { PageHeader } from "@/components/ui/page-header";
import { requirePage } from "@/lib/auth/guards";
import { listUsers } from "@/lib/users/service";

export async function generateMetadata() {
  const t = await getTranslations("console.users");
  return { title: t("title") };
}

export default async function UsersPage() {
  const me = await requirePage("users.manage");
  const [users, t] = await Promise.all([listUsers(), getTranslations("console.users")]);
  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <UsersAdmin
        meId={me.id}
        initialUsers={users.map((u) => ({ ...u, createdAt: u.createdAt.toISOString() }))}
      />
    </>
  );
}
