/// <reference types="astro/client" />

declare module 'virtual:site-config' {
  const config: import('./config/schema.ts').SiteConfig;
  export default config;
}

interface ImportMetaEnv {
  readonly PUBLIC_API_BASE_URL?: string;
}

/** The browser's settings: `siteRuntimeOf(config)` (src/config/public.ts). */
declare module 'virtual:site-runtime' {
  const runtime: Omit<import('./config/public.ts').SiteRuntime, 'ads'>;
  export default runtime;
}

declare module 'virtual:site-ads' {
  const ads: import('./config/public.ts').SiteRuntime['ads'];
  export default ads;
}

declare module 'virtual:clock-words' {
  /** The clock labels' words by language (src/astro/site-config-plugin.ts clockWordsOf). */
  const words: Record<string, Record<string, import('./i18n/index.ts').Messages>>;
  export default words;
}

declare module '@iabtechlabtcf/stub' {
  /** Installs the IAB TCF v2 `__tcfapi` queueing stub on window. */
  const installStub: () => void;
  export default installStub;
}

declare namespace Astro {
  interface ClientDirectives {
    /** Hydrate on the first interaction with the page (src/astro/interaction-directive.ts). */
    'client:interaction'?: import('./astro/interaction-directive.ts').InteractionValue;
    /** Hydrate at the first idle moment after the first paint (src/astro/painted-directive.ts). */
    'client:painted'?: boolean | import('./astro/painted-directive.ts').PaintedValue;
  }
}

/** The bindings of an edge site's Worker (src/edge/runtime.ts): wrangler.json of the site. */
declare module 'cloudflare:workers' {
  export const env: {
    ASSETS: { fetch(input: Request | URL | string): Promise<Response> };
    DB: import('./server/d1.ts').D1Like;
    /** A fixed clock (ISO) for tests: `npm run edge -- --now`. */
    EDGE_NOW?: string;
    /** The bearer token of GET /api/admin/health (a Worker secret, issue 40). */
    EDGE_ADMIN_TOKEN?: string;
    /** The console's password as a PBKDF2 hash line (a Worker secret, src/server/admin-session.ts). */
    ADMIN_PASSWORD_HASH?: string;
    /** Signs the console's session cookie (a Worker secret, at least 32 characters). */
    ADMIN_SESSION_SECRET?: string;
  };
}
