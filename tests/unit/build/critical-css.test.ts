import { describe, expect, it } from 'vitest';
import {
  classesNeeded,
  dropUnreadVars,
  inlineCriticalCss,
  pageClasses,
  pageTags,
  parseCss,
  selectorNeed,
  usedCss,
  withoutInlineFontFaces,
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
    expect(css).toContain('@property --tw-x');
    expect(css.startsWith('@layer theme,base,utilities;')).toBe(true);
  });

  it("keeps the reset's date, file and number field rules only for a page with such a field", () => {
    const reset = parseCss(
      '@layer base{::-webkit-datetime-edit{padding:0}::file-selector-button{margin:0}::-webkit-inner-spin-button{height:auto}::placeholder{opacity:1}}',
    );
    const plain = pageTags('<form><input type="search" name="q" placeholder="x"></form>');
    const css = usedCss(reset, new Set(), plain);
    expect(css).toBe('@layer base{::placeholder{opacity:1}}');
    const fields = pageTags('<input type="datetime-local"><input type=file><input type="number">');
    const all = usedCss(reset, new Set(), fields);
    expect(all).toContain('::-webkit-datetime-edit{padding:0}');
    expect(all).toContain('::file-selector-button{margin:0}');
    expect(all).toContain('::-webkit-inner-spin-button{height:auto}');
  });

  it("leaves Tailwind's @property fallbacks for older browsers to the stylesheet, keeping the layer's place", () => {
    const css = usedCss(
      parseCss(
        '@layer properties{@supports ((-webkit-hyphens:none)){*,:before{--tw-border-style:solid}}}@layer utilities{.border{border-style:var(--tw-border-style)}}@property --tw-border-style{syntax:"*";inherits:false;initial-value:solid}',
      ),
      new Set(['border']),
    );
    expect(css).toBe(
      '@layer properties{}@layer utilities{.border{border-style:var(--tw-border-style)}}@property --tw-border-style{syntax:"*";inherits:false;initial-value:solid}',
    );
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

  it('leaves out what the first paint does not show: hover, focus and press states, transitions, animations, web fonts that swap', () => {
    const sheet = String.raw`@layer utilities{.btn{color:red}.transition{transition-property:color;transition-duration:.15s}.nav{display:block;transition-property:color;transition-duration:.15s}.hover\:x:hover{color:blue}@media (hover:hover){.group-hover\:y:is(:where(.group):hover *){color:blue}}.focus-visible\:z:focus-visible{outline:0}.w:not(:focus){opacity:1}input:focus{outline:0}}@keyframes spin{to{rotate:1turn}}@font-face{font-family:Inter;src:url(/i.woff2)}@font-face{font-family:Inter Fallback;src:local(Arial)}@font-face{font-family:Opt;font-display:optional;src:url(/o.woff2)}`;
    const css = usedCss(
      parseCss(sheet),
      new Set(['btn', 'transition', 'nav', 'hover:x', 'group-hover:y', 'group', 'focus-visible:z', 'w']),
    );
    expect(css).toBe(
      '@layer utilities{.btn{color:red}.nav{display:block}.w:not(:focus){opacity:1}}@font-face{font-family:Inter Fallback;src:local(Arial)}@font-face{font-family:Opt;font-display:optional;src:url(/o.woff2)}',
    );
  });

  it('keeps an element rule only when the page has that element, and alternatives inside :where() need none', () => {
    expect(selectorNeed('abbr:where([title])')).toEqual({ classes: [], tags: ['abbr'] });
    expect(selectorNeed('html.js .nav>ul a')).toEqual({ classes: ['js', 'nav'], tags: ['html', 'ul', 'a'] });
    expect(selectorNeed(':where(input, select, textarea)::placeholder')).toEqual({ classes: [], tags: [] });
    const sheet =
      '@layer base{abbr:where([title]){text-decoration:underline dotted}b,strong{font-weight:bolder}table{border-collapse:collapse}}';
    expect(usedCss(parseCss(sheet), new Set(), new Set(['html', 'body', 'strong']))).toBe(
      '@layer base{b,strong{font-weight:bolder}}',
    );
  });

  it('drops the custom properties nothing reads, following var() through other variables', () => {
    const css =
      '@layer theme{:root,:host{--a:1px;--b:var(--c);--c:red;--d:blue;--e:2px}}@layer utilities{.x{--tw-s:0;margin:var(--a);color:var(--b);box-shadow:var(--tw-s)}.y{--tw-unused:1}}@property --tw-s{syntax:"*";inherits:false}@property --tw-z{syntax:"*";inherits:false}';
    expect(dropUnreadVars(css, '<p style="padding:var(--e)">')).toBe(
      '@layer theme{:root,:host{--a:1px;--b:var(--c);--c:red;--e:2px}}@layer utilities{.x{--tw-s:0;margin:var(--a);color:var(--b);box-shadow:var(--tw-s)}}@property --tw-s{syntax:"*";inherits:false}',
    );
  });

  it('leaves a page alone when its stylesheet is not in the build', () => {
    const html = '<html><head><link rel="stylesheet" href="/gone.css"></head><body></body></html>';
    expect(inlineCriticalCss(html, () => undefined)).toBe(html);
  });

  it('takes out of the stylesheet only the web fonts the pages carry inline (font-display: optional)', () => {
    const sheet =
      '@font-face{font-family:Opt;font-display:optional;src:url(/o.woff2)}@font-face{font-family:Sw;font-display:swap;src:url(/s.woff2)}@font-face{font-family:F;src:local(Arial)}.a{color:red}';
    expect(withoutInlineFontFaces(sheet)).toBe(
      '@font-face{font-family:Sw;font-display:swap;src:url(/s.woff2)}@font-face{font-family:F;src:local(Arial)}.a{color:red}',
    );
  });
});
