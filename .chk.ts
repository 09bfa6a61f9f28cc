import { tree } from './tests/unit/i18n/key-scan.ts';
const seen = new Set<string>();
for (const e of process.argv.slice(2)) for (const { file, source } of tree(e)) for (const m of source.matchAll(/\bt\(\s*(?!['"`])[^)]{0,60}/g)) { const s = `${file}: ${m[0]}`; if (!seen.has(s)) { seen.add(s); console.log(s); } }
