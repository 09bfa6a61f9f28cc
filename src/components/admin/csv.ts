/**
 * CSV for the dashboard's exports (RFC 4180: comma-separated, CRLF line ends, fields with a
 * comma, quote or line break quoted, quotes doubled). A text cell that a spreadsheet would run
 * as a formula (starting with =, +, -, @, tab or carriage return) gets a leading apostrophe.
 */
export type CsvCell = string | number | null | undefined;

export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  let s = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value;
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return `${[header, ...rows].map((r) => r.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
