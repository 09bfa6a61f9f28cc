/**
 * "Load more" on the blog lists (markup: src/components/content/PostList.astro). Without
 * JavaScript every post is listed; with it, posts past the first page start hidden (CSS on
 * html.js, so nothing moves) and each press reveals the next page, moves focus to the first
 * new post and hides the button when none are left.
 */
import { nextBatch } from '../paging.ts';

export function enhance(root: HTMLElement, first: Event | null): void {
  const button = root.querySelector<HTMLButtonElement>('[data-more-button]');
  const status = root.querySelector<HTMLElement>('[data-more-status]');
  const items = [...root.querySelectorAll<HTMLElement>('[data-post]')];
  const step = Number(root.dataset.pageSize) || 4;
  const template = root.dataset.statusText ?? '';

  const hiddenCount = () => items.filter((el) => el.hasAttribute('data-more-hidden')).length;
  // "Load more" only while a post is still hidden: every post shown (all revealed before, or
  // none hidden at all) leaves no button that would do nothing.
  const sync = () => {
    if (button) button.hidden = hiddenCount() === 0;
  };
  const more = () => {
    const shown = items.filter((el) => !el.hasAttribute('data-more-hidden')).length;
    const next = nextBatch(items.length, shown, step);
    const revealed = items.slice(shown, next.shown);
    for (const el of revealed) el.removeAttribute('data-more-hidden');
    if (button) button.hidden = !next.hasMore;
    if (status)
      status.textContent = template.replace('{shown}', String(next.shown)).replace('{total}', String(items.length));
    revealed[0]?.querySelector<HTMLElement>('[data-post-link]')?.focus();
  };

  button?.addEventListener('click', more);
  if (first?.type === 'click' && button?.contains(first.target as Node)) more();
  else sync();
}
