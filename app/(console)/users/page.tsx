import { UsersAdmin } from "@/components/console/users-admin";
import { PageHeader } from "@/components/ui/page-header";
import { requirePage } from "@/lib/auth/guards";
import { listUsers } from "@/lib/users/service";

export const metadata = { title: "Users" };

export default async function UsersPage() {
  const me = await requirePage("users.manage");
  const users = await listUsers();
  return (
    <>
      <PageHeader title="Users" description="Accounts, roles and access." />
      <UsersAdmin
        meId={me.id}
        initialUsers={users.map((u) => ({ ...u, createdAt: u.createdAt.toISOString() }))}
      />
    </>
  );
}
