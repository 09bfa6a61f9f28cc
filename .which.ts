import { tree } from './tests/unit/i18n/key-scan.ts';
const [entry, needle] = process.argv.slice(2);
for (const { file, source } of tree(entry!)) if (source.includes(needle!)) console.log(file);
