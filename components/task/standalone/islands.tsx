import type { ReactNode } from "react";
import { IntlProvider, useTranslations } from "use-intl";
import { markdownBoxClass } from "@/components/markdown-box";
import { LanguageSwitcher } from "@/components/task/language-switcher";
import { TaskRunner } from "@/components/task/task-runner";
import { TIME_ZONE, type TaskPageData } from "@/components/task/standalone/data";

// The interactive parts of the task page, rendered to HTML on the server and hydrated in the
// browser from the same data. The markup is app/s/[code]/layout.tsx's and the old page's.

function Intl({ data, children }: { data: TaskPageData; children: ReactNode }) {
  return (
    <IntlProvider locale={data.locale} messages={data.messages} timeZone={TIME_ZONE}>
      {children}
    </IntlProvider>
  );
}

function HeaderContent({ data }: { data: TaskPageData }) {
  const t = useTranslations("common");
  return (
    <>
      <p className="text-base font-semibold">
        {t("siteName")} <span className="font-normal text-muted">· {t("researchStudy")}</span>
      </p>
      {data.allowLanguageSwitch && <LanguageSwitcher code={data.code} />}
    </>
  );
}

/** The header's bar: the site's name and, when the study allows it, the language switcher. */
export function HeaderIsland({ data }: { data: TaskPageData }) {
  return (
    <Intl data={data}>
      <HeaderContent data={data} />
    </Intl>
  );
}

/** The task itself: everything inside main#main. */
export function TaskIsland({ data }: { data: TaskPageData }) {
  // the server rendered the Markdown; the browser keeps that HTML as it is
  const instructions = data.instructionsHtml ? <div className={markdownBoxClass()} dangerouslySetInnerHTML={{ __html: data.instructionsHtml }} /> : undefined;
  return (
    <Intl data={data}>
      <TaskRunner code={data.code} studyName={data.studyName} platform={data.platform} instructions={instructions} />
    </Intl>
  );
}
