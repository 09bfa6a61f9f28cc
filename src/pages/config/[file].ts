/**
 * The site's public configuration, for the runtime loader (SPEC §4 "Configuration load"), at
 * `/config/<site-id>.config.json` (`/config/default.config.json` on the default site). Only the
 * allowlisted public subset (src/config/public.ts): never API keys, catalog paths or build settings.
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import { publicConfigPath, publicSiteConfig } from '../../config/public.ts';
import { site } from '../../config/site.ts';

export const prerender = true;

export const getStaticPaths = (() => [
  { params: { file: publicConfigPath(site.site.id).replace('/config/', '') } },
]) satisfies GetStaticPaths;

export const GET: APIRoute = () =>
  new Response(JSON.stringify(publicSiteConfig(site)), { headers: { 'Content-Type': 'application/json' } });
