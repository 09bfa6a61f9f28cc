/** "brands[3].category.color" from ["brands", 3, "category", "color"]; "(root)" for the empty path. */
export function formatJsonPath(path: ReadonlyArray<PropertyKey>): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out ? `.${String(part)}` : String(part);
  }
  return out || '(root)';
}
