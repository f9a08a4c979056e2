// The two trip reminders' texts, in the booking e-mails' style (mailer/templates.ts): every value escaped in
// the HTML, a plain-text part beside it. The arrival one carries the pass inline as cid:pass.
import { detailRows, escapeHtml, layout, type BookingMailDetails, type MailContent } from '../../integrations/mailer/templates';

/** The booking e-mails' own fields (arrival and departure formatted for people, lot-local), and the reminder's. */
export interface ReminderDetails extends Pick<BookingMailDetails, 'name' | 'confirmationNumber' | 'providerName' | 'address' | 'arrival' | 'departure' | 'vehicle'> {
  /** 'today', 'tomorrow' or 'on Wed, Mar 3, 2027': when the stay starts, seen from the lot's today. */
  when: string;
  shuttleInfo: string;
  phone: string | null;
  directionsUrl: string;
  guideUrl: string;
  manageUrl: string;
  supportEmail: string;
  supportPhone: string;
  /** Booked as a guest (no account): the footer does not speak of account settings. */
  guest: boolean;
}

const footer = (brand: string, guest: boolean) =>
  guest
    ? `You received this reminder because you booked with ${brand} as a guest.`
    : `You received this reminder because trip reminders are on in your ${brand} account settings (Notifications).`;

const phoneLine = (d: Pick<ReminderDetails, 'phone' | 'supportEmail' | 'supportPhone'>) =>
  d.phone ? `The lot’s phone: ${d.phone}. Our support, 24/7: ${d.supportEmail} or ${d.supportPhone}.` : `Our support, 24/7: ${d.supportEmail} or ${d.supportPhone}.`;

/** The day before arrival: when, where, how to get there, the shuttle, the pass and the lot's phone. */
export function arrivalReminderEmail(brand: string, d: ReminderDetails): MailContent {
  const title = `Your parking at ${d.providerName} ${d.when}`;
  const details: [string, string][] = [
    ['Confirmation number', d.confirmationNumber],
    ['Check-in', d.arrival],
    ['Check-out', d.departure],
    ['Address', d.address],
    ['Vehicle', d.vehicle],
    ...(d.phone ? [['Lot phone', d.phone] as [string, string]] : []),
  ];
  const intro = `Your space at ${d.providerName} is reserved from ${d.arrival}. Show this parking pass when you arrive:`;
  const html = layout(
    brand,
    title,
    [
      `Hi ${escapeHtml(d.name)},`,
      escapeHtml(intro),
      `<img src="cid:pass" width="180" height="180" alt="Parking pass QR code for ${escapeHtml(d.confirmationNumber)}" style="display:block;border:1px solid #e5e7eb;border-radius:8px;padding:8px"><span style="font-family:monospace;font-size:18px;font-weight:700;letter-spacing:1px">${escapeHtml(d.confirmationNumber)}</span>`,
      detailRows(details),
      `<strong>Shuttle:</strong> ${escapeHtml(d.shuttleInfo)}`,
      `<strong>Arrival guide:</strong> the map, the way in and the shuttle, at <a href="${escapeHtml(d.guideUrl)}" style="color:#1d4ed8">${escapeHtml(d.guideUrl)}</a>.`,
      `Plans changed? <a href="${escapeHtml(d.manageUrl)}" style="color:#1d4ed8">Manage your booking</a>.`,
      escapeHtml(phoneLine(d)),
    ],
    { label: 'Get directions', url: d.directionsUrl },
    footer(brand, d.guest),
  );
  const text = [
    `Hi ${d.name},`,
    '',
    `Your space at ${d.providerName} is reserved from ${d.arrival}. Show your confirmation number (or the pass in your booking e-mail) when you arrive.`,
    '',
    ...details.map(([k, v]) => `${k}: ${v}`),
    '',
    `Directions: ${d.directionsUrl}`,
    `Arrival guide: ${d.guideUrl}`,
    `Shuttle: ${d.shuttleInfo}`,
    '',
    `Manage your booking: ${d.manageUrl}`,
    phoneLine(d),
    '',
    footer(brand, d.guest),
    '',
  ].join('\n');
  return { subject: title, html, text };
}

/** The lot's delay grace and what one late day costs (the booked rate), told before a late check-out. */
export type DelayTerms = { graceHours: number; dayRate: string };

/** The departure day: when the stay ends, a link to extend it, and what a delay would cost. */
export function departureReminderEmail(brand: string, d: Omit<ReminderDetails, 'when' | 'shuttleInfo' | 'directionsUrl' | 'guideUrl'> & { delay?: DelayTerms }): MailContent {
  const title = `Your parking at ${d.providerName} ends today`;
  const ends = `Your stay at ${d.providerName} ends ${d.departure} (booking ${d.confirmationNumber}).`;
  const grace = d.delay?.graceHours ? `up to ${d.delay.graceHours} hour${d.delay.graceHours === 1 ? '' : 's'} after check-out at no charge; after that, ` : '';
  const delayed = d.delay ? ` Flight delayed? The lot allows ${grace}each started day past check-out is ${d.delay.dayRate}, your booked daily rate, charged when you leave.` : '';
  const late = `Running late? Extend here: pick a later check-out on your booking page and pay only the extra days.${delayed}`;
  const html = layout(
    brand,
    title,
    [
      `Hi ${escapeHtml(d.name)},`,
      escapeHtml(ends),
      escapeHtml(late),
      detailRows([['Check-out', d.departure], ['Address', d.address], ['Vehicle', d.vehicle], ...(d.phone ? [['Lot phone', d.phone] as [string, string]] : [])]),
      escapeHtml(phoneLine(d)),
    ],
    { label: 'Running late? Extend here', url: d.manageUrl },
    footer(brand, d.guest),
  );
  const text = [
    `Hi ${d.name},`,
    '',
    ends,
    '',
    `Running late? Extend here: ${d.manageUrl}`,
    ...(delayed ? [delayed.trim()] : []),
    '',
    `Address: ${d.address}`,
    phoneLine(d),
    '',
    footer(brand, d.guest),
    '',
  ].join('\n');
  return { subject: title, html, text };
}
