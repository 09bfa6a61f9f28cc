/** `npm run offers -- …`: operator overrides of a site's catalog (scripts/lib/offers/cli.ts, remote.ts). */
import { runOffersCli } from './lib/offers/cli.ts';
import { REMOTE_COMMANDS, runOffersRemote } from './lib/offers/remote.ts';

const argv = process.argv.slice(2);
const remote = (REMOTE_COMMANDS as readonly string[]).includes(argv.find((a) => !a.startsWith('-')) ?? '');
const { code, output } = remote ? await runOffersRemote(argv) : runOffersCli(argv);
(code === 0 ? console.log : console.error)(output);
process.exit(code);
