// @vitest-environment happy-dom
/**
 * The blog's "Load more posts" is only there while a post is still hidden: once every post is
 * shown (revealed, or none hidden), no button that would do nothing.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { enhance } from '../../../src/content-helpers/enhance/load-more.ts';

function list(total: number, hidden: number): HTMLElement {
  const posts = Array.from(
    { length: total },
    (_, i) =>
      `<li data-post="p${i}" ${i >= total - hidden ? 'data-more-hidden' : ''}><a href="#" data-post-link>Post ${i}</a></li>`,
  ).join('');
  document.body.innerHTML = `<div data-enhance="more" data-page-size="4" data-status-text="Showing {shown} of {total} posts.">
    <ul>${posts}</ul>
    <div><button type="button" data-more-button>Load more posts</button><p data-more-status></p></div>
  </div>`;
  return document.querySelector<HTMLElement>('[data-enhance]')!;
}
const button = () => document.querySelector<HTMLButtonElement>('[data-more-button]')!;

afterEach(() => {
  document.body.innerHTML = '';
});

describe('Load more posts', () => {
  it('reveals the next page and goes away when every post is shown', () => {
    enhance(list(6, 2), null);
    expect(button().hidden).toBe(false);
    button().click();
    expect(document.querySelectorAll('[data-more-hidden]')).toHaveLength(0);
    expect(button().hidden).toBe(true);
    expect(document.querySelector('[data-more-status]')!.textContent).toBe('Showing 6 of 6 posts.');
  });

  it('is not offered when every post is already shown', () => {
    enhance(list(6, 0), null);
    expect(button().hidden).toBe(true);
  });

  it('the first press (held while the script loaded) still counts', () => {
    const root = list(6, 2);
    const click = new MouseEvent('click', { bubbles: true });
    Object.defineProperty(click, 'target', { value: button() });
    enhance(root, click);
    expect(document.querySelectorAll('[data-more-hidden]')).toHaveLength(0);
    expect(button().hidden).toBe(true);
  });
});
