/** Our Astro client directives, registered by astro.config.mjs. */
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

export function clientDirectives(): AstroIntegration {
  return {
    name: 'client-directives',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({
          name: 'interaction',
          entrypoint: fileURLToPath(new URL('./interaction-directive.ts', import.meta.url)),
        });
        addClientDirective({
          name: 'painted',
          entrypoint: fileURLToPath(new URL('./painted-directive.ts', import.meta.url)),
        });
      },
    },
  };
}
