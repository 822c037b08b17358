/** Set by proxy.ts on participant pages: the study code the page belongs to (never trusted from the client). */
export const STUDY_HEADER = "x-sally-study";
