"use client";

import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { formatWhen, shownPrefix, tokenStatus, type TokenView } from "@/components/console/account/token-view";

const th = "px-4 py-3 font-medium";
const td = "px-4 py-3";

export function TokenTable({ tokens, now, onRevoke }: { tokens: TokenView[]; now: Date; onRevoke: (token: TokenView) => void }) {
  const t = useTranslations("console.account.tokenTable");
  if (tokens.length === 0) return <p className="text-sm text-muted">{t("none")}</p>;
  return (
    <div className="overflow-x-auto rounded-card border border-line bg-surface">
      <table className="w-full min-w-[44rem] text-left text-sm">
        <caption className="sr-only">{t("caption")}</caption>
        <thead className="border-b border-line text-muted">
          <tr>
            <th scope="col" className={th}>{t("name")}</th>
            <th scope="col" className={th}>{t("prefix")}</th>
            <th scope="col" className={th}>{t("created")}</th>
            <th scope="col" className={th}>{t("lastUsed")}</th>
            <th scope="col" className={th}>{t("expires")}</th>
            <th scope="col" className={th}>{t("status")}</th>
            <th scope="col" className={th}><span className="sr-only">{t("actions")}</span></th>
          </tr>
        </thead>
        <tbody>
          {tokens.map((token) => {
            const status = tokenStatus(token, now);
            return (
              <tr key={token.id} className="border-b border-line last:border-0">
                <th scope="row" className={`${td} font-medium break-all`}>{token.name}</th>
                <td className={`${td} font-mono`}>{shownPrefix(token.prefix)}</td>
                <td className={td}><time dateTime={token.createdAt}>{formatWhen(token.createdAt)}</time></td>
                <td className={td}>{token.lastUsedAt ? <time dateTime={token.lastUsedAt}>{formatWhen(token.lastUsedAt)}</time> : t("never")}</td>
                <td className={td}>{formatWhen(token.expiresAt, t("never"))}</td>
                <td className={td}>{status === "Revoked" ? t("revokedAt", { when: formatWhen(token.revokedAt) }) : t(`statuses.${status}`)}</td>
                <td className={`${td} text-right`}>
                  {status !== "Revoked" && (
                    <Button variant="secondary" onClick={() => onRevoke(token)}>
                      {t.rich("revoke", { name: token.name, sr: (chunks) => <span className="sr-only">{chunks}</span> })}
                    </Button>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
