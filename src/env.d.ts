/// <reference types="astro/client" />

declare module 'virtual:site-config' {
  const config: import('./config/schema.ts').SiteConfig;
  export default config;
}

interface ImportMetaEnv {
  readonly PUBLIC_API_BASE_URL?: string;
}
