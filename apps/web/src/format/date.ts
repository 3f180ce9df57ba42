/** A timestamp from the API in the reader's locale; an unparseable value is shown as it came. */
export function formatDateTime(iso: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? iso : new Date(time).toLocaleString();
}
