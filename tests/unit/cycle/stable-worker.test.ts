/**
 * Same site, same Worker bytes (issue 42): Astro lists the static files in the Worker's manifest
 * in the order its image pipeline finished them; the build sorts that list.
 */
import { describe, expect, it } from 'vitest';
import { sortAssetLists } from '../../../scripts/lib/build-sites/stable-worker.ts';

describe("the Worker's list of static files", () => {
  it('comes out the same whatever order the build wrote it in, and nothing else moves', () => {
    const one = 'const m={"routes":[],"assets":["/b.webp","/a.svg","/_astro/x\\"y.js"],"key":"k"};';
    const two = 'const m={"routes":[],"assets":["/_astro/x\\"y.js","/b.webp","/a.svg"],"key":"k"};';
    expect(sortAssetLists(one)).toBe(sortAssetLists(two));
    expect(sortAssetLists(one)).toBe(
      'const m={"routes":[],"assets":["/_astro/x\\"y.js","/a.svg","/b.webp"],"key":"k"};',
    );
    expect(sortAssetLists('const x = "no list here";')).toBe('const x = "no list here";');
  });
});
