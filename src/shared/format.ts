// Display formats shared by screens and e-mails. Formatters are built once: building an Intl formatter
// per call costs more than the formatting, which shows on phones rendering a list.

const stayDate = new Intl.DateTimeFormat('en-US', { month: 'short', day: '2-digit', year: 'numeric', timeZone: 'UTC' });
const stayTime = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' });
const count = new Intl.NumberFormat('en-US');

/** '12,345'. */
export const formatCount = (n: number) => count.format(n);

/** 'Mar 03, 2027 at 9:00 AM' (spec: MMM dd, yyyy 'at' h:mm a) from a wall-clock 'YYYY-MM-DD[THH:mm]'. */
export function formatStay(value: string): string {
  const d = new Date(`${value.length === 10 ? `${value}T00:00` : value}:00Z`);
  if (Number.isNaN(d.getTime())) return value;
  const date = stayDate.format(d);
  const time = stayTime.format(d);
  return `${date} at ${time}`;
}
