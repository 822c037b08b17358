import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";

// Compares two message catalogs: the same keys, and in each message the same placeholders
// (name and kind), the same select branches and the same rich-text tags. Plural branches may
// differ, since languages have different plural categories (Chinese has only "other").

type Catalog = { [key: string]: string | Catalog };

export function flatten(catalog: Catalog, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(catalog)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

function collect(elements: MessageFormatElement[], into: Set<string>): Set<string> {
  for (const el of elements) {
    switch (el.type) {
      case TYPE.argument:
        into.add(`{${el.value}}`);
        break;
      case TYPE.number:
      case TYPE.date:
      case TYPE.time:
        into.add(`{${el.value}, ${TYPE[el.type]}}`);
        break;
      case TYPE.select:
        into.add(`{${el.value}, select: ${Object.keys(el.options).sort().join("|")}}`);
        for (const o of Object.values(el.options)) collect(o.value, into);
        break;
      case TYPE.plural:
        into.add(`{${el.value}, plural}`);
        for (const o of Object.values(el.options)) collect(o.value, into);
        break;
      case TYPE.tag:
        into.add(`<${el.value}>`);
        collect(el.children, into);
        break;
      default:
        break;
    }
  }
  return into;
}

/** The placeholders of one message, or a parse error as a string starting with "!". */
export function placeholdersOf(message: string): string[] {
  try {
    return [...collect(parse(message), new Set())].sort();
  } catch (err) {
    return [`!${(err as Error).message}`];
  }
}

/** Every way two catalogs disagree, in words; empty when they match. */
export function catalogDifferences(a: Catalog, b: Catalog, names: [string, string] = ["a", "b"]): string[] {
  const fa = flatten(a);
  const fb = flatten(b);
  const out: string[] = [];
  for (const key of fa.keys()) if (!fb.has(key)) out.push(`${key}: missing in ${names[1]}`);
  for (const key of fb.keys()) if (!fa.has(key)) out.push(`${key}: missing in ${names[0]}`);
  for (const [key, message] of fa) {
    const other = fb.get(key);
    if (other === undefined) continue;
    const pa = placeholdersOf(message);
    const pb = placeholdersOf(other);
    if (pa.join(" ") !== pb.join(" ")) out.push(`${key}: ${names[0]} has ${pa.join(" ") || "none"}, ${names[1]} has ${pb.join(" ") || "none"}`);
  }
  return out;
}
