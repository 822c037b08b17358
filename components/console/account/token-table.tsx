"use client";

import { Button } from "@/components/ui/button";
import { formatWhen, shownPrefix, tokenStatus, type TokenView } from "@/components/console/account/token-view";

const th = "px-4 py-3 font-medium";
const td = "px-4 py-3";

export function TokenTable({ tokens, now, onRevoke }: { tokens: TokenView[]; now: Date; onRevoke: (token: TokenView) => void }) {
  if (tokens.length === 0) return <p className="text-sm text-muted">You have no API tokens.</p>;
  return (
    <div className="overflow-x-auto rounded-card border border-line bg-surface">
      <table className="w-full min-w-[44rem] text-left text-sm">
        <caption className="sr-only">Your API tokens, newest first</caption>
        <thead className="border-b border-line text-muted">
          <tr>
            <th scope="col" className={th}>Name</th>
            <th scope="col" className={th}>Starts with</th>
            <th scope="col" className={th}>Created</th>
            <th scope="col" className={th}>Last used</th>
            <th scope="col" className={th}>Expires</th>
            <th scope="col" className={th}>Status</th>
            <th scope="col" className={th}><span className="sr-only">Actions</span></th>
          </tr>
        </thead>
        <tbody>
          {tokens.map((t) => {
            const status = tokenStatus(t, now);
            return (
              <tr key={t.id} className="border-b border-line last:border-0">
                <th scope="row" className={`${td} font-medium break-all`}>{t.name}</th>
                <td className={`${td} font-mono`}>{shownPrefix(t.prefix)}</td>
                <td className={td}><time dateTime={t.createdAt}>{formatWhen(t.createdAt)}</time></td>
                <td className={td}>{t.lastUsedAt ? <time dateTime={t.lastUsedAt}>{formatWhen(t.lastUsedAt)}</time> : "never"}</td>
                <td className={td}>{formatWhen(t.expiresAt, "never")}</td>
                <td className={td}>{status === "Revoked" ? `Revoked ${formatWhen(t.revokedAt)}` : status}</td>
                <td className={`${td} text-right`}>
                  {status !== "Revoked" && (
                    <Button variant="secondary" onClick={() => onRevoke(t)}>
                      Revoke<span className="sr-only"> token “{t.name}”</span>
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
