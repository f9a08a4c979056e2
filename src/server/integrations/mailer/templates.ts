// Transactional e-mails: subject, HTML and text of each, branded; every interpolated value is escaped.
import { ACCESS_FEE_TEXT, SERVICE_FEE_TEXT } from '@/shared/pricing';
import { RESET_LINK_HOURS, SET_PASSWORD_LINK_DAYS } from '@/shared/constants';

const RESET_LIFETIME = `${RESET_LINK_HOURS} hour${RESET_LINK_HOURS === 1 ? '' : 's'}`;
const SET_PASSWORD_LIFETIME = `${SET_PASSWORD_LINK_DAYS} days`;

export interface MailContent {
  subject: string;
  html: string;
  text: string;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch]!);
}

export function layout(brand: string, title: string, paragraphs: string[], action?: { label: string; url: string }, footer?: string): string {
  const b = escapeHtml(brand);
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px;font-size:16px;line-height:24px;color:#1f2937">${p}</p>`).join('');
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#1d4ed8;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 24px;border-radius:6px">${escapeHtml(action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;line-height:20px;color:#4b5563">If the button does not work, copy this link into your browser:<br><a href="${escapeHtml(action.url)}" style="color:#1d4ed8;word-break:break-all">${escapeHtml(action.url)}</a></p>`
    : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#f3f4f6;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
<p style="margin:0 0 24px;font-size:20px;font-weight:700;color:#1d4ed8">${b}</p>
<h1 style="margin:0 0 16px;font-size:22px;line-height:30px;color:#111827">${escapeHtml(title)}</h1>
${body}${button}
<p style="margin:24px 0 0;font-size:12px;line-height:18px;color:#6b7280">${footer ? escapeHtml(footer) : `You received this e-mail because of your ${b} account.`}</p>
</div></body></html>`;
}

export function verificationEmail({ brand, name, url }: { brand: string; name: string; url: string }): MailContent {
  const title = 'Confirm your email address';
  return {
    subject: `Verify your email for ${brand}`,
    html: layout(
      brand,
      title,
      [`Hi ${escapeHtml(name)},`, `Please confirm that this is your email address so we can send your ${escapeHtml(brand)} booking confirmations and receipts here.`],
      { label: 'Verify email', url },
    ),
    text: `Hi ${name},\n\nPlease confirm your email address for ${brand} by opening this link:\n\n${url}\n\nIf you did not create an account, you can ignore this e-mail.\n`,
  };
}

export function passwordResetEmail({ brand, name, url }: { brand: string; name: string; url: string }): MailContent {
  const title = 'Reset your password';
  return {
    subject: `Reset your ${brand} password`,
    html: layout(
      brand,
      title,
      [
        `Hi ${escapeHtml(name)},`,
        `We received a request to reset your password. The link below works once and expires in ${RESET_LIFETIME}.`,
        'If you did not ask for this, ignore this e-mail: your password stays the same.',
      ],
      { label: 'Choose a new password', url },
    ),
    text: `Hi ${name},\n\nWe received a request to reset your ${brand} password. This link works once and expires in ${RESET_LIFETIME}:\n\n${url}\n\nIf you did not ask for this, ignore this e-mail: your password stays the same.\n`,
  };
}

export function welcomeEmail(p: { brand: string; name: string; appUrl: string; supportEmail: string; supportPhone: string }): MailContent {
  const title = `Welcome to ${p.brand}`;
  return {
    subject: `Welcome to ${p.brand}`,
    html: layout(
      p.brand,
      title,
      [
        `Hi ${escapeHtml(p.name)},`,
        `Thanks for joining. Compare parking near US airports and cruise ports, always with the total price up front: the lot’s rate plus one flat ${SERVICE_FEE_TEXT} fee.`,
        `Questions? We answer 24/7 at ${escapeHtml(p.supportEmail)} or ${escapeHtml(p.supportPhone)}.`,
      ],
      { label: 'Find parking', url: p.appUrl },
    ),
    text: `Hi ${p.name},\n\nThanks for joining ${p.brand}. Compare parking near US airports and cruise ports, always with the total price up front.\n\nFind parking: ${p.appUrl}\n\nQuestions? We answer 24/7 at ${p.supportEmail} or ${p.supportPhone}.\n`,
  };
}

export function passwordChangedEmail({ brand, name, supportEmail }: { brand: string; name: string; supportEmail: string }): MailContent {
  const title = 'Your password was changed';
  return {
    subject: `Your ${brand} password was changed`,
    html: layout(brand, title, [
      `Hi ${escapeHtml(name)},`,
      'The password of your account was just changed, and your other devices were signed out.',
      `If this was not you, reset your password now and contact us at ${escapeHtml(supportEmail)}.`,
    ]),
    text: `Hi ${name},\n\nThe password of your ${brand} account was just changed, and your other devices were signed out.\n\nIf this was not you, reset your password now and contact us at ${supportEmail}.\n`,
  };
}

export function emailChangedEmail({ brand, name, newEmail, supportEmail }: { brand: string; name: string; newEmail: string; supportEmail: string }): MailContent {
  const title = 'Your email address was changed';
  const masked = maskEmail(newEmail);
  return {
    subject: `Your ${brand} email address was changed`,
    html: layout(brand, title, [
      `Hi ${escapeHtml(name)},`,
      `The email address of your account was just changed to ${escapeHtml(masked)}. Booking confirmations and sign-in now use the new address.`,
      `If this was not you, contact us right away at ${escapeHtml(supportEmail)} so we can secure your account.`,
    ]),
    text: `Hi ${name},\n\nThe email address of your ${brand} account was just changed to ${masked}. Booking confirmations and sign-in now use the new address.\n\nIf this was not you, contact us right away at ${supportEmail} so we can secure your account.\n`,
  };
}

/** 'jane.doe@example.com' → 'j•••••e@example.com': recognisable to its owner, not a full address. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '•••';
  const local = email.slice(0, at);
  const shown = local.length <= 2 ? `${local[0]}•` : `${local[0]}${'•'.repeat(Math.min(5, local.length - 2))}${local.at(-1)}`;
  return `${shown}${email.slice(at)}`;
}

export function setPasswordEmail({ brand, name, url, reason = 'access' }: { brand: string; name: string; url: string; reason?: 'access' | 'booking' }): MailContent {
  const title = 'Your account is ready';
  if (reason === 'booking') {
    const why = `We created a ${brand} account with your email when you booked parking, so you can view, change or cancel your booking any time.`;
    return {
      subject: `Set your ${brand} password`,
      html: layout(brand, title, [`Hi ${escapeHtml(name)},`, escapeHtml(why), `Choose a password to sign in. The link works once and expires in ${SET_PASSWORD_LIFETIME}.`], {
        label: 'Choose a password',
        url,
      }),
      text: `Hi ${name},\n\n${why}\n\nChoose a password (the link works once and expires in ${SET_PASSWORD_LIFETIME}):\n\n${url}\n`,
    };
  }
  return {
    subject: `Set your ${brand} password`,
    html: layout(
      brand,
      title,
      [
        `Hi ${escapeHtml(name)},`,
        `We created a ${escapeHtml(brand)} account with your email when you unlocked detailed parking information, so your ${ACCESS_FEE_TEXT} credit is waiting for your booking.`,
        `Choose a password to sign in. The link works once and expires in ${SET_PASSWORD_LIFETIME}.`,
      ],
      { label: 'Choose a password', url },
    ),
    text: `Hi ${name},\n\nWe created a ${brand} account with your email when you unlocked detailed parking information, so your ${ACCESS_FEE_TEXT} credit is waiting for your booking.\n\nChoose a password (the link works once and expires in ${SET_PASSWORD_LIFETIME}):\n\n${url}\n`,
  };
}

export interface BookingMailDetails {
  /** The traveller's flights or sailing in one line, when given. */
  travel?: string | null;
  name: string;
  confirmationNumber: string;
  providerName: string;
  address: string;
  /** Formatted for people, e.g. 'Dec 01, 2026 at 10:00 AM'. */
  arrival: string;
  departure: string;
  vehicle: string;
  lines: { label: string; amount: string }[];
  total: string;
  card?: string | null;
  shuttleInfo?: string | null;
  phone?: string | null;
  cancellationPolicy?: string | null;
  manageUrl: string;
  supportEmail: string;
  supportPhone: string;
  /** Set when the booking changed: what changed and the money that moved (the e-mail is then a new pass). */
  change?: string | null;
  /** Booked as a guest (no account): the footer says how to keep it with an account. */
  guest?: boolean;
}

const guestFooter = (brand: string) =>
  `You received this e-mail because you booked with ${brand} as a guest. Create an account with this e-mail address and confirm it to see this booking there.`;

export function detailRows(rows: [string, string][]): string {
  return `<table role="presentation" style="width:100%;border-collapse:collapse;margin:0 0 16px">${rows
    .map(
      ([k, v]) =>
        `<tr><td style="padding:6px 0;font-size:14px;color:#4b5563;vertical-align:top;width:40%">${escapeHtml(k)}</td><td style="padding:6px 0;font-size:14px;color:#111827;font-weight:600">${escapeHtml(v)}</td></tr>`,
    )
    .join('')}</table>`;
}

/** The booking confirmation, with the parking pass (a QR code of the confirmation number) inline as cid:pass. */
export function bookingConfirmationEmail(brand: string, d: BookingMailDetails): MailContent {
  const title = d.change ? 'Your booking is changed' : 'Your parking is booked';
  const intro = d.change
    ? `${d.change} Here is your updated parking pass; show it when you arrive:`
    : `Your space at ${d.providerName} is reserved. Show this parking pass when you arrive:`;
  const details: [string, string][] = [
    ['Confirmation number', d.confirmationNumber],
    ['Parking', d.providerName],
    ['Address', d.address],
    ['Check-in', d.arrival],
    ['Check-out', d.departure],
    ['Vehicle', d.vehicle],
    ...(d.travel ? [['Travel', d.travel] as [string, string]] : []),
  ];
  const money: [string, string][] = [...d.lines.map((l): [string, string] => [l.label, l.amount]), ['Total charged', d.total]];
  if (d.card) money.push(['Paid with', d.card]);
  const html = layout(
    brand,
    title,
    [
      `Hi ${escapeHtml(d.name)},`,
      escapeHtml(intro),
      `<img src="cid:pass" width="180" height="180" alt="Parking pass QR code for ${escapeHtml(d.confirmationNumber)}" style="display:block;border:1px solid #e5e7eb;border-radius:8px;padding:8px"><span style="font-family:monospace;font-size:18px;font-weight:700;letter-spacing:1px">${escapeHtml(d.confirmationNumber)}</span>`,
      detailRows(details),
      detailRows(money),
      ...(d.shuttleInfo ? [`<strong>Shuttle:</strong> ${escapeHtml(d.shuttleInfo)}`] : []),
      ...(d.cancellationPolicy ? [`<strong>Cancellation:</strong> ${escapeHtml(d.cancellationPolicy)}`] : []),
      'The attached calendar file adds your drop-off and pick-up times to your calendar.',
      `Questions? We answer 24/7 at ${escapeHtml(d.supportEmail)} or ${escapeHtml(d.supportPhone)}${d.phone ? `; the lot’s own number is ${escapeHtml(d.phone)}` : ''}.`,
    ],
    { label: 'Manage your booking', url: d.manageUrl },
    d.guest ? guestFooter(brand) : undefined,
  );
  const text = [
    `Hi ${d.name},`,
    '',
    d.change ? `${d.change} Show your confirmation number when you arrive.` : `Your space at ${d.providerName} is reserved. Show your confirmation number when you arrive.`,
    '',
    ...details.map(([k, v]) => `${k}: ${v}`),
    '',
    ...money.map(([k, v]) => `${k}: ${v}`),
    ...(d.shuttleInfo ? ['', `Shuttle: ${d.shuttleInfo}`] : []),
    ...(d.cancellationPolicy ? [`Cancellation: ${d.cancellationPolicy}`] : []),
    '',
    `Manage your booking: ${d.manageUrl}`,
    `Questions? ${d.supportEmail} or ${d.supportPhone}`,
    ...(d.guest ? ['', guestFooter(brand)] : []),
    '',
  ].join('\n');
  const subject = d.change ? `Booking changed: ${d.providerName} (${d.confirmationNumber})` : `Booking confirmed: ${d.providerName} (${d.confirmationNumber})`;
  return { subject, html, text };
}

export function bookingCancelledEmail(
  brand: string,
  d: { name: string; confirmationNumber: string; providerName: string; arrival: string; refund: string | null; credit: string | null; supportEmail: string },
): MailContent {
  const title = 'Your booking is cancelled';
  const refundLine = d.refund
    ? `We refunded ${d.refund} to your card. Refunds usually appear within 5 to 10 business days, depending on your bank.`
    : 'Under the cancellation policy of this lot, this cancellation is not refundable.';
  const creditLine = d.credit ? `${d.credit} went back to your ${brand} credit balance for your next booking.` : '';
  const paragraphs = [
    `Hi ${escapeHtml(d.name)},`,
    `Booking ${escapeHtml(d.confirmationNumber)} at ${escapeHtml(d.providerName)} (check-in ${escapeHtml(d.arrival)}) is cancelled.`,
    escapeHtml(refundLine),
    ...(creditLine ? [escapeHtml(creditLine)] : []),
    `The ${SERVICE_FEE_TEXT} service fee is not refundable. Questions? Write to ${escapeHtml(d.supportEmail)}.`,
  ];
  return {
    subject: `Booking cancelled: ${d.confirmationNumber}`,
    html: layout(brand, title, paragraphs),
    text: `Hi ${d.name},\n\nBooking ${d.confirmationNumber} at ${d.providerName} (check-in ${d.arrival}) is cancelled.\n\n${refundLine}\n${creditLine ? `${creditLine}\n` : ''}\nThe ${SERVICE_FEE_TEXT} service fee is not refundable. Questions? Write to ${d.supportEmail}.\n`,
  };
}

/** A fresh link to manage one booking, asked for by confirmation number and e-mail (sent only to the booking's e-mail). */
export function manageLinkEmail(brand: string, d: { name: string; confirmationNumber: string; providerName: string; arrival: string; url: string; days: number }): MailContent {
  const title = 'Your link to manage your booking';
  const lines = [
    `Hi ${d.name},`,
    `Here is a link to see and change booking ${d.confirmationNumber} at ${d.providerName} (check-in ${d.arrival}) on any device. It works for ${d.days} days.`,
    'If you did not ask for it, you can ignore this e-mail: nobody else received the link.',
  ];
  return {
    subject: `Manage booking ${d.confirmationNumber}`,
    html: layout(brand, title, lines.map(escapeHtml), { label: 'Manage your booking', url: d.url }),
    text: `${lines.join('\n\n')}\n\nManage your booking: ${d.url}\n`,
  };
}

/** An invitation to join a partner on the platform (to run its lots, see its bookings and money). */
export function partnerInvitationEmail({ brand, partner, role, url, days }: { brand: string; partner: string; role: string; url: string; days: number }): MailContent {
  const title = `Join ${partner} on ${brand}`;
  return {
    subject: `You're invited to ${partner} on ${brand}`,
    html: layout(
      brand,
      title,
      [
        `You have been invited to join <strong>${escapeHtml(partner)}</strong> on ${escapeHtml(brand)} as ${escapeHtml(role.toLowerCase())}.`,
        `The link works once and expires in ${days} days. It signs you in with this e-mail address, or creates your account.`,
      ],
      { label: 'Accept the invitation', url },
      'If you did not expect this, ignore this e-mail: nothing happens until the link is used.',
    ),
    text: `You have been invited to join ${partner} on ${brand} as ${role.toLowerCase()}.\n\nAccept the invitation (the link works once and expires in ${days} days):\n\n${url}\n\nIf you did not expect this, ignore this e-mail.\n`,
  };
}

/** The invitation to review a finished stay, with its single-use link. */
export function reviewInvitationEmail(brand: string, d: { name: string; providerName: string; stay: string; url: string; days: number }): MailContent {
  const title = `How was your parking at ${d.providerName}?`;
  const lines = [
    `Hi ${d.name},`,
    `Thanks for parking with us (${d.stay}). Tell other travellers how it went: stars for the stay, the shuttle or access wait, whether the lot was as described, and the staff. It takes a minute.`,
    `The link works once and for ${d.days} days. Your review shows your first name and initial, the month of your stay and a "Verified stay" badge.`,
  ];
  return {
    subject: `Review your stay at ${d.providerName}`,
    html: layout(brand, title, lines.map(escapeHtml), { label: 'Review your stay', url: d.url }),
    text: `${lines.join('\n\n')}\n\nReview your stay: ${d.url}\n`,
  };
}

/** A late check-out no card on file paid: what is owed and the link to pay it (the manage page's "Pay now"). */
export function overstayDueEmail(brand: string, d: { name: string; confirmationNumber: string; providerName: string; line: string; amount: string; url: string }): MailContent {
  const title = `Overstay due ${d.amount}`;
  const lines = [
    `Hi ${d.name},`,
    `Your car left ${d.providerName} after the booked departure and the lot's grace period for late travellers, so booking ${d.confirmationNumber} owes ${d.line}: ${d.amount}, at the rate you booked.`,
    'We could not charge a card on file. Please pay it from your booking page.',
  ];
  return {
    subject: `Overstay due ${d.amount}: booking ${d.confirmationNumber}`,
    html: layout(brand, title, lines.map(escapeHtml), { label: 'Pay now', url: d.url }),
    text: `${lines.join('\n\n')}\n\nPay now: ${d.url}\n`,
  };
}
