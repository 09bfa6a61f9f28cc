/// <reference types="astro/client" />

declare module 'virtual:site-config' {
  const config: import('./config/schema.ts').SiteConfig;
  export default config;
}

interface ImportMetaEnv {
  readonly PUBLIC_API_BASE_URL?: string;
}

declare module 'virtual:site-runtime' {
  const runtime: {
    siteId: string;
    siteName: string;
    defaultLanguage: string;
    languages: string[];
    timezone: string;
    staticData: boolean;
    apiBaseUrl: string;
    apiTimeout: number;
    apiRetryCount: number;
    apiEndpoints: Record<string, string>;
    searchMinCharacters: number;
    /** features.pagination: the page size of every listing and how the next page loads. */
    pagination: { type: 'pagination' | 'infinite-scroll'; itemsPerPage: number };
    ads: import('./config/public.ts').PublicSiteConfig['ads'];
    consent: import('./config/public.ts').PublicSiteConfig['consent'];
  };
  export default runtime;
}

declare module '@iabtechlabtcf/stub' {
  /** Installs the IAB TCF v2 `__tcfapi` queueing stub on window. */
  const installStub: () => void;
  export default installStub;
}

declare namespace Astro {
  interface ClientDirectives {
    /** Hydrate on the first interaction with the page (src/lib/astro/interaction-directive.ts). */
    'client:interaction'?: import('./lib/astro/interaction-directive.ts').InteractionValue;
  }
}
