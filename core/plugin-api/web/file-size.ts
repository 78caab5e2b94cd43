/* Apart from the date formats, so code shared with the server can use it without date-fns. */
const FILE_SIZE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** "1.50 KB": base 1024, two decimals, nothing larger than TB. */
export function formatFileSize(bytes: number): string {
  let size = Number.isFinite(bytes) && bytes > 0 ? bytes : 0;
  let unitIndex = 0;
  // The rounded figure decides, so 1048575 bytes reads "1.00 MB" rather than "1024.00 KB".
  while (Number(size.toFixed(2)) >= 1024 && unitIndex < FILE_SIZE_UNITS.length - 1) {
    size /= 1024;
    unitIndex += 1;
  }
  return `${size.toFixed(2)} ${FILE_SIZE_UNITS[unitIndex]}`;
}
