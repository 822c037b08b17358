// The manifest as a public release carries it: the same figures, less what identifies people or
// could still be used on a platform. An uploaded group list maps platform worker ids (personal
// data) to groups; completion codes would let anyone claim a finished study's reward.
export function publicManifest<M extends { study: { settings: unknown } }>(manifest: M): M {
  const settings = { ...(manifest.study.settings as Record<string, unknown>) };
  const groups = settings.groups as { list?: Record<string, string> } | null | undefined;
  if (groups?.list) settings.groups = { ...groups, list: `(left out of the release: ${Object.keys(groups.list).length} platform ids)` };
  if (settings.completionCodes && Object.keys(settings.completionCodes).length) settings.completionCodes = "(left out of the release)";
  return { ...manifest, study: { ...manifest.study, settings } };
}
