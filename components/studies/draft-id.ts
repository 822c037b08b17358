// Ids for rows the researcher adds (filters, groups, items): React keys and the DOM ids built on
// them. Called from event handlers only, never while rendering, so server and browser agree.
let next = 0;

export function draftId(prefix: string): string {
  next += 1;
  return `${prefix}-${Date.now().toString(36)}${next.toString(36)}`;
}
