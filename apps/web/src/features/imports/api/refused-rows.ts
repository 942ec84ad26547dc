/**
 * Address of GET /api/importazioni/:id/scartate.csv: the refused rows with their original columns,
 * their line number and why. A plain link with `download`: the server streams the file.
 */
export function refusedRowsUrl(id: string): string {
  return `/api/importazioni/${encodeURIComponent(id)}/scartate.csv`;
}
