import { fileIssue } from "@/lib/benchmarks/read/layout";

const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/**
 * Decodes strictly. On a bad sequence the error names the absolute byte offset and line,
 * given where `bytes` starts in the file.
 */
export function decodeUtf8(bytes: Uint8Array, startOffset: number, startLine: number): string {
  try {
    return decoder.decode(bytes);
  } catch {
    const bad = findInvalidUtf8(bytes);
    let line = startLine;
    for (let i = 0; i < bad; i++) if (bytes[i] === 0x0a) line++;
    const byte = bytes[bad] ?? 0;
    throw fileIssue(
      `The file is not valid UTF-8: byte 0x${byte.toString(16).padStart(2, "0")} at byte offset ${startOffset + bad} (line ${line}) is not part of a UTF-8 character. Save the file as UTF-8 and import it again.`,
      line,
    );
  }
}

/** Index of the first byte that starts an invalid UTF-8 sequence (bytes.length if none). */
export function findInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    if (b < 0x80) {
      i++;
      continue;
    }
    let need: number;
    let min: number;
    if (b >= 0xc2 && b <= 0xdf) [need, min] = [1, 0x80];
    else if (b >= 0xe0 && b <= 0xef) [need, min] = [2, 0x800];
    else if (b >= 0xf0 && b <= 0xf4) [need, min] = [3, 0x10000];
    else return i;
    let cp = b & (0x3f >> need);
    for (let k = 1; k <= need; k++) {
      const c = bytes[i + k];
      if (c === undefined || (c & 0xc0) !== 0x80) return i;
      cp = (cp << 6) | (c & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return i;
    i += need + 1;
  }
  return bytes.length;
}

/**
 * Decodes a byte stream to strings strictly, cutting each chunk at the last complete character
 * so a character split across chunks is joined. Errors name the byte offset and line.
 */
export async function* decodeStream(stream: AsyncIterable<Uint8Array>): AsyncGenerator<string> {
  let carry: Uint8Array = new Uint8Array(0);
  let offset = 0;
  let line = 1;
  for await (const chunk of stream) {
    const bytes = carry.length ? joinTwo(carry, chunk) : chunk;
    const cut = completeLength(bytes);
    const head = bytes.subarray(0, cut);
    const text = decodeUtf8(head, offset, line);
    for (let i = head.indexOf(0x0a); i >= 0; i = head.indexOf(0x0a, i + 1)) line++;
    offset += cut;
    carry = bytes.slice(cut);
    if (text) yield text;
  }
  if (carry.length) yield decodeUtf8(carry, offset, line);
}

/** Length of the prefix that does not end inside a multi-byte character. */
function completeLength(bytes: Uint8Array): number {
  const n = bytes.length;
  for (let back = 1; back <= 3 && back <= n; back++) {
    const b = bytes[n - back]!;
    if ((b & 0xc0) === 0x80) continue; // continuation byte: look further back
    const size = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
    return size > back ? n - back : n;
  }
  return n;
}

function joinTwo(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}
