/** A CSV cell for a pt-BR spreadsheet (';' separated); a leading =, +, - or @ would run as a formula. */
export function csvCell(value: string): string {
  const safe = /^[=+\-@]/.test(value) ? `'${value}` : value;
  return /[";\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
