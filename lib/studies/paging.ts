/** Which page to show of `total` rows, `size` a page: the one asked for, within 1..pages (a page past the
 *  end shows the last; anything not a number, the first). */
export function pageOf(total: number, requested: number, size: number): { page: number; pages: number } {
  const pages = Math.max(1, Math.ceil(total / size));
  return { page: Math.min(Math.max(1, Number.isFinite(requested) ? Math.floor(requested) : 1), pages), pages };
}
