import { getTranslations } from "next-intl/server";
import Link from "next/link";
import { redirect } from "next/navigation";
import { ApiTokens } from "@/components/console/account/api-tokens";
import { PasswordForm } from "@/components/console/account/password-form";
import { PageHeader } from "@/components/ui/page-header";
import { roleAllows } from "@/lib/auth/permissions";
import { currentUser } from "@/lib/auth/session";
import { listTokens } from "@/lib/auth/tokens/service";

export async function generateMetadata() {
  const t = await getTranslations("console.account");
  return { title: t("title") };
}

// Every signed-in user: their password; researchers and admins also their API tokens.
export default async function AccountPage() {
  const user = await currentUser();
  if (!user) redirect("/signin");
  const mayHoldTokens = roleAllows(user, "tokens.manage");
  const [tokens, t] = await Promise.all([mayHoldTokens ? listTokens(user) : [], getTranslations("console.account")]);
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  return (
    <>
      <PageHeader title={t("title")} description={`${user.name} · ${user.email} · ${user.role}`} />
      <div className="space-y-10">
        <section aria-labelledby="password-heading" className="rounded-card border border-line bg-surface p-6">
          <h2 id="password-heading" className="mb-4 text-lg font-semibold">{t("password")}</h2>
          <PasswordForm email={user.email} />
        </section>
        <section aria-labelledby="tokens-heading" className="space-y-4">
          <div>
            <h2 id="tokens-heading" className="text-lg font-semibold">{t("tokens")}</h2>
            {mayHoldTokens ? (
              <p className="text-sm text-muted">
                {t.rich("tokensIntro", {
                  header: "Authorization: Bearer <token>",
                  code: (chunks) => <code className="font-mono">{chunks}</code>,
                  link: (chunks) => (
                    <Link href="/api-docs" className="text-primary underline">
                      {chunks}
                    </Link>
                  ),
                })}
              </p>
            ) : (
              <p className="text-sm text-muted">{t("tokensNotForYou")}</p>
            )}
          </div>
          {mayHoldTokens && (
            <ApiTokens
              now={new Date().toISOString()}
              initialTokens={tokens.map((k) => ({ ...k, createdAt: k.createdAt.toISOString(), lastUsedAt: iso(k.lastUsedAt), revokedAt: iso(k.revokedAt), expiresAt: iso(k.expiresAt) }))}
            />
          )}
        </section>
      </div>
    </>
  );
}
