import { createHash, randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { POST as changePassword } from "@/app/api/account/password/route";
import { GET as listUsersRoute } from "@/app/api/admin/users/route";
import { GET as exportDataset } from "@/app/api/datasets/[id]/export/route";
import { GET as datasetsRoute } from "@/app/api/datasets/route";
import { POST as consentRoute } from "@/app/api/s/[code]/consent/route";
import { GET as resultsRoute } from "@/app/api/studies/[id]/results/route";
import { POST as createStudyRoute } from "@/app/api/studies/route";
import { DELETE as revokeRoute } from "@/app/api/tokens/[id]/route";
import { GET as listTokensRoute, POST as createTokenRoute } from "@/app/api/tokens/route";
import { createToken, listTokens, MAX_LIVE_TOKENS, revokeToken } from "@/lib/auth/tokens/service";
import { importDataset } from "@/lib/datasets/import";
import { db } from "@/lib/db/client";
import { createStudy, parseSpec } from "@/lib/studies/service";
import { createUser, updateUser } from "@/lib/users/service";
import { call } from "../support/bearer";
import { fixture } from "../support/paths";

// Personal API tokens through the real route handlers: a script sends `Authorization: Bearer`
// and no cookie. The owner's current role and status decide, on every request.

type Role = "admin" | "researcher" | "annotator";
async function person(role: Role) {
  const u = await createUser({ actorId: null, input: { email: `${role}-${randomUUID()}@x.test`, name: role, role, password: "0123456789ab" } });
  return { id: u.id, role: u.role, email: u.email };
}
const mint = async (actor: { id: string; role: Role }, name = "script") => (await createToken({ actor, input: { name, expiresInDays: null } })).secret;

const [owner, other, admin] = [await person("researcher"), await person("researcher"), await person("admin")];
const { datasetId } = await importDataset({ file: fixture("tomato/valid.json"), benchmark: "auto", ownerId: owner.id, name: "owner's tomato", asNewVersion: true });
const study = await createStudy({
  actor: owner,
  spec: parseSpec({ name: "token study", datasetId, design: "validation", unitType: "context", filter: {}, n: 1, config: { answerKey: true } }),
});
const studyId = (study as { id: string }).id;

describe("API tokens: create, use, revoke", () => {
  it("creates a token shown once as sally_<prefix>_<secret>, and keeps only its sha256", async () => {
    const { token, secret } = await createToken({ actor: owner, input: { name: "nightly export", expiresInDays: null } });
    expect(secret).toMatch(/^sally_[0-9a-f]{12}_[A-Za-z0-9_-]{43}$/);
    expect(secret.split("_")[1]).toBe(token.prefix);
    expect(token).not.toHaveProperty("secretHash");
    const row = await db().apiToken.findUniqueOrThrow({ where: { id: token.id } });
    expect(row.secretHash).toBe(createHash("sha256").update(secret).digest("hex"));
    expect(JSON.stringify(row)).not.toContain(secret.split("_").at(-1)!.slice(0, 20));
    const listed = await listTokens(owner);
    expect(listed.map((t) => t.name)).toContain("nightly export");
    expect(listed.every((t) => !("secretHash" in t))).toBe(true);
    expect(await db().auditEvent.count({ where: { action: "token.create", targetId: token.id, actorId: owner.id } })).toBe(1);
  });

  it("reads and exports with the token alone: the datasets list, a dataset export, a study's results; and sets lastUsedAt", async () => {
    const { token, secret } = await createToken({ actor: owner, input: { name: "reader", expiresInDays: 30 } });
    expect(token.lastUsedAt).toBeNull();

    const list = await call<{ datasets: { id: string }[] }>(datasetsRoute, { token: secret });
    expect(list.status).toBe(200);
    expect(list.body.datasets.map((d) => d.id)).toContain(datasetId);

    const exported = await call(exportDataset, { token: secret, path: `/api/datasets/${datasetId}/export?format=jsonl`, params: { id: datasetId } });
    expect(exported.status).toBe(200);
    expect(exported.text.split("\n").filter(Boolean).length).toBeGreaterThan(0);

    const results = await call<{ progress: { units: number }; units?: unknown }>(resultsRoute, { token: secret, params: { id: studyId } });
    expect(results.status).toBe(200);
    expect(results.body.progress.units).toBeGreaterThan(0);
    expect(results.body.units).toBeUndefined(); // the tables are paged elsewhere

    const used = await db().apiToken.findUniqueOrThrow({ where: { id: token.id } });
    expect(used.lastUsedAt).toBeInstanceOf(Date);
    expect(used.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
  });

  it("acts within the owner's role and ownership: another researcher's token gets 404 for the owner's dataset and study", async () => {
    const secret = await mint(other);
    expect((await call(exportDataset, { token: secret, path: `/api/datasets/${datasetId}/export?format=jsonl`, params: { id: datasetId } })).status).toBe(404);
    expect((await call(resultsRoute, { token: secret, params: { id: studyId } })).status).toBe(404);
    const list = await call<{ datasets: { id: string }[] }>(datasetsRoute, { token: secret });
    expect(list.body.datasets.map((d) => d.id)).not.toContain(datasetId);
  });

  it("refuses a revoked token with 401 at once; revoking again changes nothing; another person's token is 404 to revoke", async () => {
    const { token, secret } = await createToken({ actor: owner, input: { name: "to revoke", expiresInDays: null } });
    expect((await call(datasetsRoute, { token: secret })).status).toBe(200);

    await expect(revokeToken({ actor: other, tokenId: token.id })).rejects.toMatchObject({ code: "not_found" });
    const revoked = await revokeToken({ actor: owner, tokenId: token.id });
    expect(revoked.revokedAt).toBeInstanceOf(Date);
    const again = await revokeToken({ actor: owner, tokenId: token.id });
    expect(again.revokedAt).toEqual(revoked.revokedAt);
    expect(await db().auditEvent.count({ where: { action: "token.revoke", targetId: token.id } })).toBe(1);

    const refused = await call<{ code: string; detail: string }>(datasetsRoute, { token: secret });
    expect(refused.status).toBe(401);
    expect(refused.headers.get("content-type")).toBe("application/problem+json");
    expect(refused.headers.get("www-authenticate")).toMatch(/^Bearer /);
    expect(refused.body).toMatchObject({ code: "unauthenticated", detail: "This API token has been revoked." });
    // the list still shows it, marked revoked
    expect((await listTokens(owner)).find((t) => t.id === token.id)?.revokedAt).toBeInstanceOf(Date);
  });

  it("refuses unknown, malformed, forged (right prefix, wrong secret), empty and expired tokens with 401", async () => {
    const { token, secret } = await createToken({ actor: owner, input: { name: "expiring", expiresInDays: 1 } });
    const forged = secret.slice(0, -4) + (secret.endsWith("AAAA") ? "BBBB" : "AAAA");
    for (const bad of ["nonsense", `sally_${"0".repeat(12)}_${"A".repeat(43)}`, forged, ""]) {
      const res = await call<{ code: string }>(datasetsRoute, { token: bad });
      expect(res.status, bad).toBe(401);
      expect(res.body.code).toBe("unauthenticated");
    }
    expect((await call(datasetsRoute, { token: secret })).status).toBe(200);
    await db().apiToken.update({ where: { id: token.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await call<{ detail: string }>(datasetsRoute, { token: secret })).body).toMatchObject({ detail: "This API token has expired." });
  });

  it("stops a deactivated owner's tokens at once (and a demoted one's), and they work again only if access returns", async () => {
    const researcher = await person("researcher");
    const secret = await mint(researcher);
    expect((await call(datasetsRoute, { token: secret })).status).toBe(200);

    await updateUser({ actorId: admin.id, userId: researcher.id, input: { active: false } });
    expect((await call(datasetsRoute, { token: secret })).status).toBe(401);
    await updateUser({ actorId: admin.id, userId: researcher.id, input: { active: true } });
    expect((await call(datasetsRoute, { token: secret })).status).toBe(200);

    await updateUser({ actorId: admin.id, userId: researcher.id, input: { role: "annotator" } });
    expect((await call(datasetsRoute, { token: secret })).status).toBe(401);
  });

  it("uses the owner's current role: an admin's token loses the admin's view the moment the admin is demoted", async () => {
    const boss = await person("admin");
    const secret = await mint(boss);
    const seen = async () => (await call<{ datasets: { id: string }[] }>(datasetsRoute, { token: secret })).body.datasets.map((d) => d.id);
    expect(await seen()).toContain(datasetId);
    await updateUser({ actorId: admin.id, userId: boss.id, input: { role: "researcher" } });
    expect(await seen()).not.toContain(datasetId);
  });
});

describe("what a token may not do", () => {
  it("a researcher's token cannot do admin things (403)", async () => {
    const res = await call<{ code: string }>(listUsersRoute, { token: await mint(owner) });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("forbidden");
  });

  it("an admin's token cannot administer users either: user administration needs a browser session (403)", async () => {
    expect((await call(listUsersRoute, { token: await mint(admin) })).status).toBe(403);
  });

  it("a token cannot list or mint tokens, revoke one, or change the password (403), and nothing is created", async () => {
    const secret = await mint(owner, "not a minter");
    const before = await db().apiToken.count({ where: { userId: owner.id } });
    const own = (await listTokens(owner))[0]!;
    expect((await call(listTokensRoute, { token: secret })).status).toBe(403);
    expect((await call(createTokenRoute, { token: secret, method: "POST", body: { name: "minted" } })).status).toBe(403);
    expect((await call(revokeRoute, { token: secret, method: "DELETE", params: { id: own.id } })).status).toBe(403);
    expect((await call(changePassword, { token: secret, method: "POST", body: { currentPassword: "0123456789ab", newPassword: "a-new-password-1" } })).status).toBe(403);
    expect(await db().apiToken.count({ where: { userId: owner.id } })).toBe(before);
    expect((await db().apiToken.findUniqueOrThrow({ where: { id: own.id } })).revokedAt).toBeNull();
  });

  it("holds at most the live-token limit per person (409)", async () => {
    const busy = await person("researcher");
    await Promise.all(Array.from({ length: MAX_LIVE_TOKENS + 3 }, (_, i) => createToken({ actor: busy, input: { name: `t${i}`, expiresInDays: null } }).catch(() => null)));
    expect(await db().apiToken.count({ where: { userId: busy.id } })).toBe(MAX_LIVE_TOKENS);
    await expect(createToken({ actor: busy, input: { name: "one more", expiresInDays: null } })).rejects.toMatchObject({ code: "conflict" });
  });

  it("annotators cannot have tokens", async () => {
    await expect(createToken({ actor: await person("annotator"), input: { name: "x", expiresInDays: null } })).rejects.toMatchObject({ code: "forbidden" });
  });
});

describe("tokens and the same-origin rule", () => {
  const evil = { origin: "https://evil.example", "sec-fetch-site": "cross-site" };

  it("a bearer request carries no cookie, so a state change with another Origin is judged by the token (201), not refused as cross-site", async () => {
    const res = await call(createStudyRoute, {
      token: await mint(owner),
      method: "POST",
      headers: evil,
      body: { name: "from a script", datasetId, unitType: "context", config: { answerKey: true } },
    });
    expect(res.status, res.text).toBe(201);
  });

  it("a public route still refuses a cross-site state change even with an Authorization header (it is not token-authenticated)", async () => {
    const res = await call(consentRoute, { token: await mint(owner), method: "POST", headers: evil, params: { code: "ANY" }, body: { consent: true } });
    expect(res.status).toBe(403);
  });

  it("without a token, a cross-site state change is still refused before anything else (403)", async () => {
    const res = await call(createStudyRoute, { method: "POST", headers: evil, body: { name: "x", datasetId, unitType: "context", config: {} } });
    expect(res.status).toBe(403);
  });
});
