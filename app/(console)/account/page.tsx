import Link from "next/link";
import { redirect } from "next/navigation";
import { ApiTokens } from "@/components/console/account/api-tokens";
import { PasswordForm } from "@/components/console/account/password-form";
import { PageHeader } from "@/components/ui/page-header";
import { roleAllows } from "@/lib/auth/permissions";
import { currentUser } from "@/lib/auth/session";
import { listTokens } from "@/lib/auth/tokens/service";

export const metadata = { title: "Account" };

// Every signed-in user: their password; researchers and admins also their API tokens.
export default async function AccountPage() {
  const user = await currentUser();
  if (!user) redirect("/signin");
  const mayHoldTokens = roleAllows(user, "tokens.manage");
  const tokens = mayHoldTokens ? await listTokens(user) : [];
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  return (
    <>
      <PageHeader title="Account" description={`${user.name} · ${user.email} · ${user.role}`} />
      <div className="space-y-10">
        <section aria-labelledby="password-heading" className="rounded-card border border-line bg-surface p-6">
          <h2 id="password-heading" className="mb-4 text-lg font-semibold">Change password</h2>
          <PasswordForm email={user.email} />
        </section>
        <section aria-labelledby="tokens-heading" className="space-y-4">
          <div>
            <h2 id="tokens-heading" className="text-lg font-semibold">API tokens</h2>
            {mayHoldTokens ? (
              <p className="text-sm text-muted">
                For scripts: send one as <code className="font-mono">Authorization: Bearer &lt;token&gt;</code>. A token acts with your current role on datasets
                and studies (never on tokens, passwords or users), and is refused once revoked or expired, or when your account is deactivated. See the{" "}
                <Link href="/api-docs" className="text-primary underline">API reference</Link>.
              </p>
            ) : (
              <p className="text-sm text-muted">API tokens are for researchers and admins.</p>
            )}
          </div>
          {mayHoldTokens && (
            <ApiTokens
              now={new Date().toISOString()}
              initialTokens={tokens.map((t) => ({ ...t, createdAt: t.createdAt.toISOString(), lastUsedAt: iso(t.lastUsedAt), revokedAt: iso(t.revokedAt), expiresAt: iso(t.expiresAt) }))}
            />
          )}
        </section>
      </div>
    </>
  );
}
