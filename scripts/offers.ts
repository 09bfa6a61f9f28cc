/** `npm run offers -- …`: operator overrides of a site's catalog (scripts/lib/offers/cli.ts). */
import { runOffersCli } from './lib/offers/cli.ts';

const { code, output } = runOffersCli(process.argv.slice(2));
(code === 0 ? console.log : console.error)(output);
process.exit(code);
