import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { Actor } from "@/lib/auth/permissions";
import { datasetScope, datasetScopeSql, getDatasetFor } from "@/lib/datasets/access";
import { importDataset } from "@/lib/datasets/import";
import { deleteDataset, listDatasets, OPERATOR, revokeShare, setSharedWithAll, shareDataset } from "@/lib/datasets/service";
import { db } from "@/lib/db/client";
import { pool } from "@/lib/db/pool";
import { createStudy as create, parseSpec } from "@/lib/studies/service";
import { createUser } from "@/lib/users/service";
import { fixture } from "../support/paths";

// Datasets are owned: the owner, the researchers it is shared with, and admins see one; nobody
// else learns that it exists. Each query finds datasets through the one scope in lib/datasets/access.

async function user(role: "admin" | "researcher" | "annotator") {
  const created = await createUser({ actorId: null, input: { email: `${role}-${randomUUID()}@x.test`, name: `${role} ${randomUUID().slice(0, 4)}`, role, password: "0123456789ab" } });
  return { id: created.id, role: created.role, email: created.email };
}

async function dataset(ownerId: string | null, name: string) {
  const { datasetId } = await importDataset({ file: fixture("tomato/valid.json"), benchmark: "auto", ownerId, name, asNewVersion: true });
  return datasetId;
}

const ids = async (actor: Actor) => (await listDatasets(actor)).map((d) => d.id);
const code = (p: Promise<unknown>) => p.then(() => "ok", (e: { code?: string }) => e.code ?? String(e));

const [owner, other, reader, admin, annotator] = [await user("researcher"), await user("researcher"), await user("researcher"), await user("admin"), await user("annotator")];
const mine = await dataset(owner.id, "owner's private");
const fromCli = await dataset(null, "command-line import");
await shareDataset({ actor: owner, datasetId: mine, email: reader.email });

describe("datasets are owned", () => {
  it("lists a researcher's own datasets and those shared with them; admins list all; annotators none", async () => {
    expect(await ids(owner)).toContain(mine);
    expect(await ids(reader)).toContain(mine);
    expect(await ids(other)).not.toContain(mine);
    expect(await ids(annotator)).toEqual([]);
    expect(await ids(admin)).toEqual(expect.arrayContaining([mine, fromCli]));
    // the command line is the operator: it lists everything
    expect((await listDatasets(OPERATOR)).map((d) => d.id)).toEqual(expect.arrayContaining([mine, fromCli]));
  });

  it("answers another researcher exactly as for a dataset that does not exist (404), and a researcher it was shared with 403 on managing", async () => {
    const hidden = await getDatasetFor(other, mine, "read").catch((e: Error) => e);
    const missing = await getDatasetFor(other, randomUUID(), "read").catch((e: Error) => e);
    expect(hidden).toMatchObject({ code: "not_found" });
    expect(hidden).toEqual(missing);
    expect(await code(getDatasetFor(other, mine, "export"))).toBe("not_found");
    expect(await code(getDatasetFor(other, mine, "manage"))).toBe("not_found");

    expect(await code(getDatasetFor(reader, mine, "read"))).toBe("ok");
    expect(await code(getDatasetFor(reader, mine, "export"))).toBe("ok");
    expect(await code(getDatasetFor(reader, mine, "manage"))).toBe("forbidden");
    expect(await code(getDatasetFor(owner, mine, "manage"))).toBe("ok");
    expect(await code(getDatasetFor(admin, mine, "manage"))).toBe("ok");
    expect(await code(getDatasetFor(annotator, mine, "read"))).toBe("not_found");
  });

  it("keeps an ownerless command-line import to admins until an admin shares it with every researcher", async () => {
    const id = await dataset(null, "later shared");
    expect(await code(getDatasetFor(owner, id, "read"))).toBe("not_found");
    expect(await code(setSharedWithAll({ actor: owner, datasetId: id, sharedWithAll: true }))).toBe("not_found");
    await setSharedWithAll({ actor: admin, datasetId: id, sharedWithAll: true });
    expect(await code(getDatasetFor(owner, id, "read"))).toBe("ok");
    expect(await code(getDatasetFor(owner, id, "manage"))).toBe("forbidden");
    expect(await ids(annotator)).toEqual([]);
  });

  it("the SQL scope of the raw queries and the Prisma scope pick the same datasets for every actor", async () => {
    const everyone = await dataset(owner.id, "shared with all");
    await setSharedWithAll({ actor: owner, datasetId: everyone, sharedWithAll: true });
    for (const actor of [owner, other, reader, admin, annotator]) {
      const scope = datasetScopeSql(actor, "d", 1);
      const { rows } = await pool().query<{ id: string }>(`SELECT d.id FROM "Dataset" d WHERE ${scope.sql} ORDER BY d.id`, scope.params);
      const viaPrisma = await db().dataset.findMany({ where: datasetScope(actor), select: { id: true }, orderBy: { id: "asc" } });
      expect(rows.map((r) => r.id), actor.role).toEqual(viaPrisma.map((d) => d.id));
    }
    expect(await ids(other)).toContain(everyone);
  });

  it("does not let a researcher build a study on a dataset they cannot read, and answers as for an unknown one", async () => {
    const input = {
      name: "study",
      datasetId: mine,
      design: "validation" as const,
      unitType: "context" as const,
      filter: {},
      n: 1,
      maxUnitsPerParticipant: null,
      leaseMinutes: 30,
      instructions: "",
      entryMode: "link" as const,
      completionUrl: null,
      config: { answerKey: true },
    };
    const createStudy = ({ actor, input }: { actor: { id: string; role: "admin" | "researcher" | "annotator" }; input: Record<string, unknown> }) => create({ actor, spec: parseSpec(input) });
    const refused = await createStudy({ actor: other, input }).catch((e: Error) => e);
    const unknown = await createStudy({ actor: other, input: { ...input, datasetId: randomUUID() } }).catch((e: Error) => e);
    expect(refused).toMatchObject({ code: "invalid_input", invalidParams: [{ name: "datasetId" }] });
    expect(refused).toEqual(unknown);
    expect(await db().study.count({ where: { datasetId: mine, ownerId: other.id } })).toBe(0);
    expect(await code(createStudy({ actor: reader, input }))).toBe("ok");
  });

  it("lets neither a researcher it was shared with nor another researcher delete it or share it on", async () => {
    const id = await dataset(owner.id, "not to be deleted");
    await shareDataset({ actor: owner, datasetId: id, email: reader.email });
    expect(await code(deleteDataset({ actor: reader, datasetId: id }))).toBe("forbidden");
    expect(await code(deleteDataset({ actor: other, datasetId: id }))).toBe("not_found");
    expect(await code(shareDataset({ actor: reader, datasetId: id, email: other.email }))).toBe("forbidden");
    expect(await code(setSharedWithAll({ actor: reader, datasetId: id, sharedWithAll: true }))).toBe("forbidden");
    expect(await code(revokeShare({ actor: reader, datasetId: id, userId: reader.id }))).toBe("forbidden");
    expect(await code(shareDataset({ actor: other, datasetId: id, email: other.email }))).toBe("not_found");
    expect(await db().dataset.count({ where: { id } })).toBe(1);
    expect(await ids(other)).not.toContain(id);
    await deleteDataset({ actor: owner, datasetId: id });
    expect(await db().datasetShare.count({ where: { datasetId: id } })).toBe(0);
  });

  it("records sharing, sharing with everyone and revoking as audit events, and a repeat changes nothing", async () => {
    const id = await dataset(owner.id, "audited");
    const events = () => db().auditEvent.findMany({ where: { targetType: "dataset", targetId: id, action: { startsWith: "dataset.share" } }, orderBy: { createdAt: "asc" } });
    const unshares = () => db().auditEvent.count({ where: { targetId: id, action: "dataset.unshare" } });

    expect(await shareDataset({ actor: owner, datasetId: id, email: other.email })).toMatchObject({ created: true, share: { userId: other.id } });
    expect(await shareDataset({ actor: owner, datasetId: id, email: other.email })).toMatchObject({ created: false });
    expect(await ids(other)).toContain(id);
    await setSharedWithAll({ actor: admin, datasetId: id, sharedWithAll: true });
    await setSharedWithAll({ actor: admin, datasetId: id, sharedWithAll: true });
    await setSharedWithAll({ actor: owner, datasetId: id, sharedWithAll: false });
    const logged = await events();
    expect(logged.map((e) => [e.action, e.actorId])).toEqual([
      ["dataset.share", owner.id],
      ["dataset.share_all", admin.id],
      ["dataset.share_all", owner.id],
    ]);
    expect(logged[0]!.after).toEqual({ userId: other.id, email: other.email });
    expect(logged[2]!.before).toEqual({ sharedWithAll: true });
    expect(logged[2]!.after).toEqual({ sharedWithAll: false });

    await revokeShare({ actor: owner, datasetId: id, userId: other.id });
    await revokeShare({ actor: owner, datasetId: id, userId: other.id });
    expect(await unshares()).toBe(1);
    expect(await ids(other)).not.toContain(id);
    expect(await code(getDatasetFor(other, id, "read"))).toBe("not_found");
  });

  it("counts concurrent shares and revokes of one researcher once each (the database decides, not the process)", async () => {
    const id = await dataset(owner.id, "raced");
    const count = (action: string) => db().auditEvent.count({ where: { targetId: id, action } });
    const shared = await Promise.all(Array.from({ length: 5 }, () => shareDataset({ actor: owner, datasetId: id, email: other.email })));
    expect(shared.filter((s) => s.created)).toHaveLength(1);
    expect(await count("dataset.share")).toBe(1);
    await Promise.all(Array.from({ length: 5 }, () => revokeShare({ actor: owner, datasetId: id, userId: other.id })));
    expect(await count("dataset.unshare")).toBe(1);
    await Promise.all(Array.from({ length: 5 }, () => setSharedWithAll({ actor: owner, datasetId: id, sharedWithAll: true })));
    expect(await count("dataset.share_all")).toBe(1);
  });

  it("refuses to share with an unknown email, an annotator, a deactivated researcher, an admin or the owner (422 on the email)", async () => {
    const gone = await user("researcher");
    await db().user.update({ where: { id: gone.id }, data: { active: false } });
    for (const email of ["nobody@x.test", annotator.email, gone.email, admin.email, owner.email]) {
      const err = await shareDataset({ actor: owner, datasetId: mine, email }).catch((e: Error) => e);
      expect(err, email).toMatchObject({ code: "invalid_input", invalidParams: [{ name: "email" }] });
    }
    expect(await db().datasetShare.count({ where: { datasetId: mine } })).toBe(1);
  });

  it("drops a researcher's shares when the account is deleted", async () => {
    const leaving = await user("researcher");
    await shareDataset({ actor: owner, datasetId: mine, email: leaving.email });
    await db().user.delete({ where: { id: leaving.id } });
    expect(await db().datasetShare.count({ where: { userId: leaving.id } })).toBe(0);
  });
});
