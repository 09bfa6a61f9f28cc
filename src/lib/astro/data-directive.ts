/**
 * `client:data`: Astro's `client:idle` (no value) or `client:visible` (`client:data="visible"`)
 * for an island that renders from the page's data (src/lib/page-data/), which a static build
 * keeps in a file of its own (../page-data/load.ts): the file is requested as soon as the island
 * is on the page, while the island's code loads, and the island hydrates when both are there.
 * If the file cannot be had, the island is not hydrated and stays as built (links, cards and
 * the early offer sweep keep working); a page with its data inline hydrates as with idle/visible.
 */
import type { ClientDirective } from 'astro';
import { pageDataReady } from '../page-data/load.ts';

export type DataValue = boolean | 'idle' | 'visible';

const data: ClientDirective = (load, options, el) => {
  const ready = pageDataReady();
  const go = async () => {
    const [hydrate, ok] = await Promise.all([load(), ready]);
    if (ok) await hydrate();
  };
  if (options.value === 'visible') {
    const io = new IntersectionObserver((entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      io.disconnect();
      void go();
    });
    for (const child of el.children) io.observe(child);
  } else if ('requestIdleCallback' in window) requestIdleCallback(() => void go());
  else setTimeout(() => void go(), 200);
};

export default data;
