import type { Platform } from "@/components/task/return-guidance";
import type { Locale } from "@/lib/i18n/locales";

// What the server hands the task page's browser bundle (as JSON in the page), and the ids of the
// parts of the page the bundle hydrates. Shared by the server render and the browser entry.

export interface TaskPageData {
  locale: Locale;
  /** the participant namespaces of the active language's catalog */
  messages: Record<string, unknown>;
  code: string;
  studyName: string;
  platform: Platform;
  /** the study's instructions, rendered from Markdown on the server; null when there are none */
  instructionsHtml: string | null;
  allowLanguageSwitch: boolean;
}

export const DATA_ID = "task-data";
export const HEADER_ID = "task-header";
export const MAIN_ID = "main";
/** as lib/i18n/request.ts configures next-intl for the other pages */
export const TIME_ZONE = "UTC";
// Two React roots on one page: their useId values must not collide.
export const HEADER_PREFIX = "h";
export const MAIN_PREFIX = "t";
