// Transactional e-mails: subject, HTML and text of each, branded; every interpolated value is escaped.

export interface MailContent {
  subject: string;
  html: string;
  text: string;
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);
}

function layout(brand: string, title: string, paragraphs: string[], action?: { label: string; url: string }, footer?: string): string {
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
    html: layout(brand, title, [`Hi ${escapeHtml(name)},`, `Please confirm that this is your email address so we can send your ${escapeHtml(brand)} booking confirmations and receipts here.`], { label: 'Verify email', url }),
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
      [`Hi ${escapeHtml(name)},`, 'We received a request to reset your password. The link below works once and expires in 1 hour.', 'If you did not ask for this, ignore this e-mail: your password stays the same.'],
      { label: 'Choose a new password', url },
    ),
    text: `Hi ${name},\n\nWe received a request to reset your ${brand} password. This link works once and expires in 1 hour:\n\n${url}\n\nIf you did not ask for this, ignore this e-mail: your password stays the same.\n`,
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
        'Thanks for joining. Compare parking near 50 US airports and 20 cruise ports, always with the total price up front: the lot’s rate plus one flat $1.99 fee.',
        `Questions? We answer 24/7 at ${escapeHtml(p.supportEmail)} or ${escapeHtml(p.supportPhone)}.`,
      ],
      { label: 'Find parking', url: p.appUrl },
    ),
    text: `Hi ${p.name},\n\nThanks for joining ${p.brand}. Compare parking near 50 US airports and 20 cruise ports, always with the total price up front.\n\nFind parking: ${p.appUrl}\n\nQuestions? We answer 24/7 at ${p.supportEmail} or ${p.supportPhone}.\n`,
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

export function setPasswordEmail({ brand, name, url }: { brand: string; name: string; url: string }): MailContent {
  const title = 'Your account is ready';
  return {
    subject: `Set your ${brand} password`,
    html: layout(
      brand,
      title,
      [`Hi ${escapeHtml(name)},`, `We created a ${escapeHtml(brand)} account with your email when you unlocked detailed parking information, so your $0.99 credit is waiting for your booking.`, 'Choose a password to sign in. The link works once and expires in 3 days.'],
      { label: 'Choose a password', url },
    ),
    text: `Hi ${name},\n\nWe created a ${brand} account with your email when you unlocked detailed parking information, so your $0.99 credit is waiting for your booking.\n\nChoose a password (the link works once and expires in 3 days):\n\n${url}\n`,
  };
}
