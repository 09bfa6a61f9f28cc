import { tree, usedKeys } from './tests/unit/i18n/key-scan.ts';
const [entry, name] = process.argv.slice(2);
const { keys } = usedKeys(tree(entry!));
console.log(`export const ${name} = [\n${[...keys].sort().map((k) => `  '${k}',`).join('\n')}\n`);
