import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as participantsRoute } from "@/app/api/studies/[id]/participants/route";
import { GET as resultsRoute } from "@/app/api/studies/[id]/results/route";
import { GET as unitsRoute } from "@/app/api/studies/[id]/units/route";
import { createToken } from "@/lib/auth/tokens/service";
import { pool } from "@/lib/db/pool";
import type { Study, ValidationResults } from "@/lib/designs";
import { studyResults } from "@/lib/studies/results";
import type { Page, ParticipantRow } from "@/lib/studies/tables";
import { createUser } from "@/lib/users/service";
import { call } from "../support/bearer";
import { randomFlagStudy } from "../support/random-study";

// The paged tables through their routes (auth, zod query, problem+json), against the full results.

type UnitItem = ValidationResults["units"][number];

let study: Study;
let full: ValidationResults;
let owner: string;
let other: string;

async function tokenOf(userId: string): Promise<string> {
  return (await createToken({ actor: { id: userId, role: "researcher" }, input: { name: "tables", expiresInDays: null } })).secret;
}

const units = (query: string, token = owner) => call<Page<UnitItem>>(unitsRoute, { token, path: `/api/studies/${study.id}/units?${query}`, params: { id: study.id } });
const participants = (query: string, token = owner) => call<Page<ParticipantRow>>(participantsRoute, { token, path: `/api/studies/${study.id}/participants?${query}`, params: { id: study.id } });

beforeAll(async () => {
  study = await randomFlagStudy(71, { participants: 12, maxPerUnit: 8, n: 4 });
  full = (await studyResults(study, pool())) as ValidationResults;
  owner = await tokenOf(study.ownerId!);
  const stranger = await createUser({ actorId: null, input: { email: `o-${randomUUID()}@x.test`, name: "O", role: "researcher", password: "0123456789ab" } });
  other = await tokenOf(stranger.id);
});

describe("GET /api/studies/[id]/units", () => {
  it("pages through the units in order: the first page, the last partial page, and past the end", async () => {
    const total = full.units.length;
    const first = await units("pageSize=7");
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total, page: 1, pageSize: 7 });
    expect(first.body.items.map((u) => u.ordinal)).toEqual(full.units.slice(0, 7).map((u) => u.ordinal));
    const lastPage = Math.ceil(total / 7);
    const last = await units(`pageSize=7&page=${lastPage}`);
    expect(last.body.items).toEqual(full.units.slice((lastPage - 1) * 7));
    expect(last.body.items.length).toBe(total - (lastPage - 1) * 7);
    const past = await units(`pageSize=7&page=${lastPage + 1}`);
    expect(past.body).toMatchObject({ items: [], total, page: lastPage + 1 });
  });

  it("sorts by a column either way, and filters by decision", async () => {
    const desc = await units("sort=ordinal&order=desc&pageSize=3");
    expect(desc.body.items.map((u) => u.ordinal)).toEqual([...full.units].reverse().slice(0, 3).map((u) => u.ordinal));
    const bySubmitted = await units("sort=submitted&order=desc&pageSize=200");
    const counts = bySubmitted.body.items.map((u) => u.submitted);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    for (const status of ["keep", "reject", "needs_review", "incomplete"] as const) {
      const page = await units(`status=${status}&pageSize=200`);
      expect(page.body.total).toBe(full.decisions[status]);
      expect(page.body.items.every((u) => u.decision.status === status)).toBe(true);
    }
  });

  it("refuses a malformed query with a problem naming the parameter (422, as every route's query)", async () => {
    for (const query of ["pageSize=201", "pageSize=0", "page=0", "sort=secret", "status=maybe", "order=sideways"]) {
      const answer = await units(query);
      expect(answer.status, query).toBe(422);
      expect(answer.headers.get("content-type")).toContain("application/problem+json");
      expect(JSON.stringify(answer.body)).toContain(query.split("=")[0]);
    }
  });

  // (401 and 403 for the other roles: e2e/authz-matrix.spec.ts, through a real server)
  it("is the owner's: another researcher gets 404, the study being none of theirs to know of", async () => {
    expect((await units("", other)).status).toBe(404);
  });
});

describe("GET /api/studies/[id]/participants", () => {
  it("pages through the participants sorted by any column, with agreement for the page's rows", async () => {
    const total = full.progress.participants;
    const names = [...full.participants].map((p) => p.pseudonym).sort((a, b) => a.localeCompare(b));
    const page2 = await participants("sort=pseudonym&order=asc&pageSize=5&page=2");
    expect(page2.status).toBe(200);
    expect(page2.body).toMatchObject({ total, page: 2, pageSize: 5 });
    expect(page2.body.items.map((p) => p.pseudonym)).toEqual(names.slice(5, 10));
    expect(page2.body.items.every((p) => "agreementWithMajority" in p && "agreementUnits" in p)).toBe(true);
    const byUnits = await participants("sort=units&order=desc&pageSize=200");
    const done = byUnits.body.items.map((p) => p.units);
    expect(done).toEqual([...done].sort((a, b) => b - a));
    expect(byUnits.body.items.reduce((sum, p) => sum + p.units, 0)).toBe(full.progress.responses);
    expect((await participants("pageSize=5&page=99")).body).toMatchObject({ items: [], total });
  });

  it("refuses a malformed query (422) and another researcher (404)", async () => {
    expect((await participants("pageSize=500")).status).toBe(422);
    expect((await participants("sort=agreement")).status).toBe(422);
    expect((await participants("", other)).status).toBe(404);
  });
});

describe("GET /api/studies/[id]/results", () => {
  it("sends the summary, not the tables: their lengths instead", async () => {
    const answer = await call<Record<string, unknown>>(resultsRoute, { token: owner, params: { id: study.id } });
    expect(answer.status).toBe(200);
    expect(answer.body).not.toHaveProperty("units");
    expect(answer.body).not.toHaveProperty("participants");
    expect(answer.body).not.toHaveProperty("queue");
    expect(answer.body).toMatchObject({ decisions: full.decisions, tables: { units: full.units.length, participants: full.participants.length, queue: full.queue.length } });
    expect(answer.body.agreement).toEqual(JSON.parse(JSON.stringify(full.agreement)));
  });
});
