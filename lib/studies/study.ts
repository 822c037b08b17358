import type { Queryable } from "@/lib/db/queryable";
import { tagFilterSchema } from "@/lib/datasets/tag-filter";
import { designOf, type Study } from "@/lib/designs";
import { settingsSchema } from "@/lib/designs/settings";

// The one study loader: a row parsed once into a typed Study (its design's config and the
// shared settings). Pages, routes, the CLI and exports take a Study and never re-parse.

export const STUDY_COLUMNS = `s.id, s."publicCode", s.name, s.design, s."datasetId", s."ownerId", s."unitType", s.filter, s.n,
  s."maxUnitsPerParticipant", s."leaseMinutes", s.instructions, s."entryMode", s.config, s.settings, s."completionCode",
  s."completionUrl", s.state, s.version, s."createdAt", s."updatedAt"`;

export type StudyRow = Omit<Study, "config" | "settings" | "filter"> & { config: unknown; settings: unknown; filter: unknown };

export function parseStudy(row: StudyRow): Study {
  const design = designOf(row.design);
  return {
    ...row,
    filter: tagFilterSchema.parse(row.filter),
    config: design.config.parse(row.config),
    settings: settingsSchema.parse(row.settings),
  };
}

export async function readStudy(client: Queryable, where: { id: string } | { code: string }): Promise<Study | null> {
  const { rows } = await client.query<StudyRow>(
    `SELECT ${STUDY_COLUMNS} FROM "Study" s WHERE ${"id" in where ? "s.id = $1" : `s."publicCode" = $1`}`,
    ["id" in where ? where.id : where.code],
  );
  return rows[0] ? parseStudy(rows[0]) : null;
}

// The participant hot path reads the study on every request. A parsed study is kept for a
// moment, keyed by its code and checked against its version: everything the database must
// decide (the state, the leases) is decided again in the statements themselves, so a study a
// second old is safe to build a view with.
const CACHE_MS = 1_000;
const cache = new Map<string, { at: number; study: Study; units: number }>();

export interface CachedStudy {
  study: Study;
  /** the number of units (fixed once the study is open) */
  units: number;
}

export async function studyByCode(client: Queryable, code: string, opts: { fresh?: boolean } = {}): Promise<CachedStudy | null> {
  const hit = cache.get(code);
  if (hit && !opts.fresh && Date.now() - hit.at < CACHE_MS) return hit;
  const { rows } = await client.query<StudyRow & { units: number }>(
    `SELECT ${STUDY_COLUMNS}, (SELECT count(*)::int FROM "StudyUnit" u WHERE u."studyId" = s.id) AS units
     FROM "Study" s WHERE s."publicCode" = $1`,
    [code],
  );
  const row = rows[0];
  if (!row) {
    cache.delete(code);
    return null;
  }
  const { units, ...studyRow } = row;
  const study = hit && hit.study.version === row.version && hit.study.state === row.state ? hit.study : parseStudy(studyRow);
  const entry = { at: Date.now(), study, units };
  cache.set(code, entry);
  if (cache.size > 1000) cache.delete(cache.keys().next().value!);
  return entry;
}
