import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

// "A design is one folder, lib/designs/<kind>/, plus one registry line; nothing outside imports a
// design's folder." The registries (index.ts, client.ts, forms.ts) are the only way in. And lib/
// sits below components/ and app/, so nothing in lib/designs/ imports from them: a design's form
// section gets the console's controls through lib/designs/form-kit.tsx instead.

const ROOT = path.resolve(import.meta.dirname, "../..");
const SCANNED = ["lib", "components", "app", "scripts", "tests", "e2e"];
const REGISTRIES = new Set(["lib/designs/index.ts", "lib/designs/client.ts", "lib/designs/forms.ts"]);

/**
 * Imports of a design's folder from outside it that are allowed for a while, each to be removed
 * when its file is fixed (the test below fails when one no longer occurs, so the list cannot
 * outlive its reason). None today.
 */
const KNOWN: { file: string; target: string }[] = [];

interface Source {
  /** repository-relative, with forward slashes */
  file: string;
  text: string;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir)).flatMap((name) => {
    const rel = `${dir}/${name}`;
    if (name === "node_modules" || name === "generated" || name.startsWith(".")) return [];
    if (statSync(path.join(ROOT, rel)).isDirectory()) return sourceFiles(rel);
    return /\.(ts|tsx|mts|cts|mjs|js)$/.test(name) ? [rel] : [];
  });
}

/** Every module a file imports, re-exports or loads dynamically, as a repository-relative path (packages left out). */
export function importTargets(file: string, text: string): string[] {
  const { importedFiles } = ts.preProcessFile(text, true, true);
  return importedFiles.flatMap(({ fileName: spec }) => {
    if (spec.startsWith("@/")) return [path.posix.normalize(spec.slice(2))];
    if (spec.startsWith(".")) return [path.posix.normalize(path.posix.join(path.posix.dirname(file), spec))];
    return [];
  });
}

/** The design folder a path is in (`lib/designs/<kind>`), or null; `isFolder` tells folders from files such as lib/designs/types.ts. */
export function designFolderOf(target: string, isFolder: (dir: string) => boolean): string | null {
  const m = /^lib\/designs\/([^/]+)/.exec(target);
  if (!m) return null;
  const dir = `lib/designs/${m[1]}`;
  return isFolder(dir) ? dir : null;
}

export function violations(sources: Source[], isFolder: (dir: string) => boolean): { file: string; target: string; rule: string }[] {
  const out: { file: string; target: string; rule: string }[] = [];
  for (const { file, text } of sources) {
    const own = designFolderOf(file, isFolder);
    for (const target of importTargets(file, text)) {
      const folder = designFolderOf(target, isFolder);
      if (folder && folder !== own && !REGISTRIES.has(file)) out.push({ file, target, rule: `imports ${folder}/ from outside it` });
      if (file.startsWith("lib/designs/") && /^(components|app)(\/|$)/.test(target)) out.push({ file, target, rule: "lib/designs imports from a layer above lib" });
    }
  }
  return out;
}

const isFolderOnDisk = (dir: string) => {
  try {
    return statSync(path.join(ROOT, dir)).isDirectory();
  } catch {
    return false;
  }
};

const known = (v: { file: string; target: string }) => KNOWN.some((k) => k.file === v.file && k.target === v.target);

describe("the design boundary", () => {
  const sources = SCANNED.flatMap(sourceFiles).map((file) => ({ file, text: readFileSync(path.join(ROOT, file), "utf8") }));
  const found = violations(sources, isFolderOnDisk);

  it("scans the repository (the registries and the validation design's folder are found)", () => {
    expect(sources.length).toBeGreaterThan(200);
    const files = new Set(sources.map((s) => s.file));
    for (const f of ["lib/designs/index.ts", "lib/designs/client.ts", "lib/designs/forms.ts", "lib/designs/validation/form/index.tsx", "components/studies/study-form.tsx"]) expect(files).toContain(f);
    expect(importTargets("lib/designs/forms.ts", readFileSync(path.join(ROOT, "lib/designs/forms.ts"), "utf8"))).toContain("lib/designs/validation/form");
  });

  it("lets nothing outside lib/designs/<kind>/ import a design's folder but the registries", () => {
    expect(found.filter((v) => !known(v))).toEqual([]);
  });

  it("keeps the list of known exceptions honest: each still occurs", () => {
    for (const k of KNOWN) expect(found, `${k.file} → ${k.target} no longer occurs: remove it from KNOWN`).toContainEqual(expect.objectContaining(k));
  });
});

describe("the boundary checker", () => {
  const isFolder = (dir: string) => ["lib/designs/validation", "lib/designs/baseline"].includes(dir);
  const check = (file: string, text: string) => violations([{ file, text }], isFolder).map((v) => `${v.file} → ${v.target}`);

  it("catches a design's folder imported from outside, however it is imported", () => {
    expect(check("components/studies/x.tsx", `import { a } from "@/lib/designs/validation/config";`)).toEqual(["components/studies/x.tsx → lib/designs/validation/config"]);
    expect(check("app/page.tsx", `import type { A } from "@/lib/designs/baseline/form-model";`)).toHaveLength(1);
    expect(check("lib/studies/x.ts", `export { a } from "../designs/validation/checks";`)).toEqual(["lib/studies/x.ts → lib/designs/validation/checks"]);
    expect(check("scripts/x.ts", `const m = await import("@/lib/designs/validation");`)).toHaveLength(1);
    expect(check("lib/designs/views.ts", `import { a } from "./validation/config";`)).toHaveLength(1);
    // one design reaching into another's folder is outside its own
    expect(check("lib/designs/baseline/form.tsx", `import { a } from "@/lib/designs/validation/form/labels";`)).toHaveLength(1);
  });

  it("allows a design's own files (tests included), the registries, and shared lib/designs modules", () => {
    expect(check("lib/designs/validation/form/model.test.ts", `import { a } from "@/lib/designs/validation/form/model";`)).toEqual([]);
    expect(check("lib/designs/validation/form/summary.tsx", `import { a } from "../config";`)).toEqual([]);
    expect(check("lib/designs/forms.ts", `import { a } from "@/lib/designs/validation/form";`)).toEqual([]);
    expect(check("components/studies/x.tsx", `import { a } from "@/lib/designs/client"; import { b } from "@/lib/designs/form-kit";`)).toEqual([]);
  });

  it("catches lib/designs importing from components/ or app/", () => {
    expect(check("lib/designs/validation/form/x.tsx", `import { Input } from "@/components/studies/form-controls";`)).toHaveLength(1);
    expect(check("lib/designs/form-kit.tsx", `import x from "../../app/layout";`)).toHaveLength(1);
    expect(check("lib/designs/form-kit.tsx", `import { useState } from "react";`)).toEqual([]);
  });
});
