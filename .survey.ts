import { tree, usedKeys } from '/work/wt/w43k2/tests/unit/i18n/key-scan.ts';
for (const e of process.argv.slice(2)) {
  const { keys, dynamic } = usedKeys(tree(e));
  console.log('=====', e, keys.size);
  console.log([...keys].sort().join('\n'));
  console.log('DYNAMIC:', dynamic);
}
