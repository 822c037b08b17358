/** Every batch of a batched read, with the batches' sizes: what the streaming tests compare. */
export async function all<T>(batches: AsyncIterable<T[]>): Promise<{ sizes: number[]; rows: T[] }> {
  const sizes: number[] = [];
  const rows: T[] = [];
  for await (const batch of batches) {
    sizes.push(batch.length);
    rows.push(...batch);
  }
  return { sizes, rows };
}
