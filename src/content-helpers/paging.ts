/** "Load more" arithmetic for the blog lists: how many items show after one more press. */
export function nextBatch(total: number, shown: number, step: number): { shown: number; hasMore: boolean } {
  const next = Math.min(total, Math.max(0, shown) + Math.max(1, step));
  return { shown: next, hasMore: next < total };
}
