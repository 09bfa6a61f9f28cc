import { describe, expect, it } from 'vitest';
import {
  classesNeeded,
  inlineCriticalCss,
  pageClasses,
  parseCss,
  usedCss,
} from '../../../scripts/lib/build-sites/critical-css.ts';

const CSS = String.raw`@layer theme,base,utilities;@layer base{body{margin:0}}@layer utilities{.flex{display:flex}.grid{display:grid}.text-\[0\.8125rem\]{font-size:.8125rem}.js .menu:not(.is-open){display:none}@media (width>=40rem){.sm\:flex{display:flex}.sm\:grid{display:grid}}.a,.b .c{color:red}}@font-face{font-family:X;src:url(/x.woff2)}@property --tw-x{syntax:"*";inherits:false}`;

describe('the CSS a page needs before its first paint', () => {
  it('names the classes a selector needs, leaving out :not() and attribute tests', () => {
    expect(classesNeeded(String.raw`.text-\[0\.8125rem\]`)).toEqual(['text-[0.8125rem]']);
    expect(classesNeeded('html.js .nav[data-x="a.b"]:not(.is-open)')).toEqual(['js', 'nav']);
    expect(classesNeeded(String.raw`.hover\:bg-white\/20:hover`)).toEqual(['hover:bg-white/20']);
  });

  it('keeps the rules the page uses, every rule without a class and every other at-rule', () => {
    const css = usedCss(parseCss(CSS), new Set(['flex', 'text-[0.8125rem]', 'js', 'sm:grid', 'c', 'b']));
    expect(css).toContain('body{margin:0}');
    expect(css).toContain('.flex{display:flex}');
    expect(css).not.toContain('.grid{display:grid}');
    expect(css).toContain(String.raw`.text-\[0\.8125rem\]{font-size:.8125rem}`);
    expect(css).not.toContain('.menu'); // needs the class menu, which the page lacks
    expect(css).toContain(String.raw`@media (width>=40rem){.sm\:grid{display:grid}}`);
    expect(css).toContain('.a,.b .c{color:red}');
    expect(css).toContain('@font-face{font-family:X');
    expect(css).toContain('@property --tw-x');
    expect(css.startsWith('@layer theme,base,utilities;')).toBe(true);
  });

  it('inlines the used rules in <head> and moves the stylesheet to the end of <body>', () => {
    const html =
      '<html><head><link rel="stylesheet" href="/_astro/site.css"></head><body class="flex"><p class="menu">x</p><script>document.documentElement.classList.add("js")</script></body></html>';
    const out = inlineCriticalCss(html, (href) => (href === '/_astro/site.css' ? parseCss(CSS) : undefined));
    const head = out.slice(0, out.indexOf('</head>'));
    expect(head).not.toContain('<link');
    expect(head).toContain('.flex{display:flex}');
    expect(head).toContain('.js .menu:not(.is-open){display:none}');
    expect(head).not.toContain('.grid{display:grid}');
    expect(out.endsWith('<link rel="stylesheet" href="/_astro/site.css"></body></html>')).toBe(true);
    expect(pageClasses(html).has('js')).toBe(true);
  });

  it('leaves a page alone when its stylesheet is not in the build', () => {
    const html = '<html><head><link rel="stylesheet" href="/gone.css"></head><body></body></html>';
    expect(inlineCriticalCss(html, () => undefined)).toBe(html);
  });
});
