// Display formats shared by screens and e-mails.

/** 'Mar 03, 2027 at 9:00 AM' (spec: MMM dd, yyyy 'at' h:mm a) from a wall-clock 'YYYY-MM-DD[THH:mm]'. */
export function formatStay(value: string): string {
  const d = new Date(`${value.length === 10 ? `${value}T00:00` : value}:00Z`);
  if (Number.isNaN(d.getTime())) return value;
  const date = d.toLocaleDateString('en-US', { month: 'short', day: '2-digit', year: 'numeric', timeZone: 'UTC' });
  const time = d.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' });
  return `${date} at ${time}`;
}
