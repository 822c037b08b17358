"use client";

import { useTranslations } from "next-intl";
import { useState, useSyncExternalStore } from "react";
import { Button } from "@/components/ui/button";
import { controlClass } from "@/components/ui/field";

const PROLIFIC_QUERY = "?PROLIFIC_PID={{%PROLIFIC_PID%}}&STUDY_ID={{%STUDY_ID%}}&SESSION_ID={{%SESSION_ID%}}";
const MTURK_QUERY = "?workerId=WORKER_ID&assignmentId=ASSIGNMENT_ID&hitId=HIT_ID";

const noop = () => () => {};

export function studyLinks(origin: string, publicCode: string) {
  const link = `${origin}/s/${publicCode}`;
  return { link, prolific: `${link}${PROLIFIC_QUERY}`, mturk: `${link}${MTURK_QUERY}` };
}

function CopyRow({ id, label, hint, value, copyLabel, onCopied }: {
  id: string;
  label: string;
  hint?: string;
  value: string;
  copyLabel: string;
  onCopied: (what: string, ok: boolean) => void;
}) {
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      onCopied(label, true);
    } catch {
      // no clipboard (an insecure origin): select the text so the researcher can copy it
      const input = document.getElementById(id) as HTMLInputElement | null;
      input?.focus();
      input?.select();
      onCopied(label, false);
    }
  }
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="text-sm break-words text-muted">
          {hint}
        </p>
      )}
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          id={id}
          readOnly
          value={value}
          aria-describedby={hint ? `${id}-hint` : undefined}
          className={`${controlClass} font-mono text-sm`}
          onFocus={(e) => e.currentTarget.select()}
        />
        <Button variant="secondary" className="shrink-0" onClick={() => void copy()}>
          {copyLabel}
        </Button>
      </div>
    </div>
  );
}

/** Only the link of the study's entry mode: a Prolific study gets the Prolific URL, and so on. */
function EntryLink({ entryMode, links, onCopied }: { entryMode: string; links: ReturnType<typeof studyLinks>; onCopied: (what: string, ok: boolean) => void }) {
  const t = useTranslations("console.studies.links");
  if (entryMode === "prolific") {
    return <CopyRow id="study-link-prolific" label={t("prolific")} hint={t("prolificHint")} value={links.prolific} copyLabel={t("copyProlific")} onCopied={onCopied} />;
  }
  if (entryMode === "mturk") {
    return (
      <CopyRow
        id="study-link-mturk"
        label={t("mturk")}
        hint={t("mturkHint", { example: links.mturk })}
        value={links.link}
        copyLabel={t("copyUrl")}
        onCopied={onCopied}
      />
    );
  }
  const hint = entryMode === "annotators" ? t("annotatorsHint") : t("participantsHint");
  return <CopyRow id="study-link" label={t("participant")} hint={hint} value={links.link} copyLabel={t("copyLink")} onCopied={onCopied} />;
}

/** What a groups study's link must carry: the group's name, or the tag values a participant knows. */
export type LinkParam = { kind: "group"; param: string; names: string[] } | { kind: "values"; param: string; tag: string; members: string; others: string };

function ParamNote({ link, param }: { link: string; param: LinkParam }) {
  const t = useTranslations("console.studies.links");
  const example = `${link}${link.includes("?") ? "&" : "?"}${param.param}=`;
  return (
    <p className="text-sm break-words">
      {param.kind === "group"
        ? t("groupParam", { param: param.param, example: `${example}${param.names[0]}`, names: param.names.join(", ") })
        : t("valuesParam", { param: param.param, example: `${example}A,B`, tag: param.tag, members: param.members, others: param.others })}
    </p>
  );
}

// The link to hand out and the completion code. The origin is the one the researcher is using
// (the server's guess from request headers until the browser knows better).
export function ShareLinks({ publicCode, completionCode, completionUrl, entryMode, serverOrigin, linkParam = null }: {
  publicCode: string;
  completionCode: string;
  completionUrl: string | null;
  entryMode: string;
  serverOrigin: string;
  /** a groups study whose membership comes from the link: what the link must add */
  linkParam?: LinkParam | null;
}) {
  const origin = useSyncExternalStore(noop, () => window.location.origin, () => serverOrigin);
  const links = studyLinks(origin, publicCode);
  const [status, setStatus] = useState("");
  const t = useTranslations("console.studies.links");
  const onCopied = (what: string, ok: boolean) => setStatus(ok ? t("copied", { what }) : t("notCopied", { what: what.toLowerCase() }));
  return (
    <div className="space-y-4">
      <EntryLink entryMode={entryMode} links={links} onCopied={onCopied} />
      {linkParam && <ParamNote link={entryMode === "prolific" ? links.prolific : links.link} param={linkParam} />}
      <CopyRow
        id="study-completion-code"
        label={t("completionCode")}
        hint={completionUrl ? t("sentTo", { url: completionUrl }) : t("seeCode")}
        value={completionCode}
        copyLabel={t("copyCode")}
        onCopied={onCopied}
      />
      <p aria-live="polite" className="text-sm text-success">
        {status}
      </p>
    </div>
  );
}
