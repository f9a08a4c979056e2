// An iCalendar (.ics) file for a booking: drop-off and pick-up events in UTC, with a reminder before drop-off.

export interface IcsBooking {
  confirmationNumber: string;
  providerName: string;
  address: string;
  /** Instants of drop-off and pick-up. */
  start: Date;
  end: Date;
  url: string;
  brand: string;
  phone?: string | null;
}

const stamp = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** Escapes text values (RFC 5545 §3.3.11). */
const text = (v: string) =>
  v
    .replace(/\\/g, '\\\\')
    .replace(/\r?\n/g, '\\n')
    .replace(/([,;])/g, '\\$1');

/** Folds lines longer than 75 octets (RFC 5545 §3.1). */
function fold(line: string): string {
  const out: string[] = [];
  let rest = line;
  while (rest.length > 74) {
    out.push(rest.slice(0, 74));
    rest = ` ${rest.slice(74)}`;
  }
  out.push(rest);
  return out.join('\r\n');
}

export function bookingIcs(b: IcsBooking, now = new Date()): string {
  const details = [
    `Confirmation number: ${b.confirmationNumber}`,
    `Parking: ${b.providerName}`,
    `Address: ${b.address}`,
    b.phone ? `Lot phone: ${b.phone}` : '',
    `Booking: ${b.url}`,
  ]
    .filter(Boolean)
    .join('\n');
  const event = (kind: 'dropoff' | 'pickup', summary: string, at: Date, alarm: boolean) => [
    'BEGIN:VEVENT',
    `UID:${b.confirmationNumber}-${kind}@${b.brand.toLowerCase().replace(/[^a-z0-9]/g, '')}`,
    `DTSTAMP:${stamp(now)}`,
    `DTSTART:${stamp(at)}`,
    `DTEND:${stamp(new Date(at.getTime() + 30 * 60_000))}`,
    `SUMMARY:${text(summary)}`,
    `LOCATION:${text(b.address)}`,
    `DESCRIPTION:${text(details)}`,
    `URL:${b.url}`,
    ...(alarm ? ['BEGIN:VALARM', 'ACTION:DISPLAY', `DESCRIPTION:${text(summary)}`, 'TRIGGER:-PT2H', 'END:VALARM'] : []),
    'END:VEVENT',
  ];
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${b.brand}//Parking booking//EN`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    ...event('dropoff', `Drop off car: ${b.providerName} (${b.confirmationNumber})`, b.start, true),
    ...event('pickup', `Pick up car: ${b.providerName} (${b.confirmationNumber})`, b.end, false),
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
