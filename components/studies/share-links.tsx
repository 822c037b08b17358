"use client";

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
  if (entryMode === "prolific") {
    return <CopyRow id="study-link-prolific" label="Prolific study URL" hint="Paste it as the study URL in Prolific; it records each participant's Prolific ID." value={links.prolific} copyLabel="Copy Prolific URL" onCopied={onCopied} />;
  }
  if (entryMode === "mturk") {
    return (
      <CopyRow
        id="study-link-mturk"
        label="MTurk ExternalQuestion URL"
        hint={`Use it as the ExternalQuestion URL: MTurk appends workerId, assignmentId and hitId, e.g. ${links.mturk}`}
        value={links.link}
        copyLabel="Copy URL"
        onCopied={onCopied}
      />
    );
  }
  const hint = entryMode === "annotators" ? "For expert annotators: they sign in with their account." : "Share it with participants.";
  return <CopyRow id="study-link" label="Participant link" hint={hint} value={links.link} copyLabel="Copy link" onCopied={onCopied} />;
}

// The link to hand out and the completion code. The origin is the one the researcher is using
// (the server's guess from request headers until the browser knows better).
export function ShareLinks({ publicCode, completionCode, completionUrl, entryMode, serverOrigin }: {
  publicCode: string;
  completionCode: string;
  completionUrl: string | null;
  entryMode: string;
  serverOrigin: string;
}) {
  const origin = useSyncExternalStore(noop, () => window.location.origin, () => serverOrigin);
  const links = studyLinks(origin, publicCode);
  const [status, setStatus] = useState("");
  const onCopied = (what: string, ok: boolean) =>
    setStatus(ok ? `Copied: ${what}.` : `Could not copy automatically; the ${what.toLowerCase()} is selected, press Ctrl+C (⌘C) to copy it.`);
  return (
    <div className="space-y-4">
      <EntryLink entryMode={entryMode} links={links} onCopied={onCopied} />
      <CopyRow
        id="study-completion-code"
        label="Completion code"
        hint={completionUrl ? `Participants are sent to ${completionUrl} when they finish.` : "Participants see this code when they finish."}
        value={completionCode}
        copyLabel="Copy code"
        onCopied={onCopied}
      />
      <p aria-live="polite" className="text-sm text-success">
        {status}
      </p>
    </div>
  );
}
