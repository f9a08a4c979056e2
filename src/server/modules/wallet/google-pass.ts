// "Save to Google Wallet": a link carrying a JWT that our service account signs (RS256, node:crypto) with the
// booking's pass as a generic object: the QR the gate scans, the lot, the stay in the lot's time, the plate and
// the lot's place. Google creates the object (and its class, the first time) when the traveller saves it;
// nothing is sent to Google from here.
import { createPrivateKey, sign } from 'node:crypto';
import type { GoogleWalletConfig } from './config';
import type { WalletPassContent } from './pass-content';

export const GOOGLE_SAVE_URL = 'https://pay.google.com/gp/v/save/';

const text = (value: string) => ({ defaultValue: { language: 'en-US', value } });
const b64url = (value: object | Buffer) => (Buffer.isBuffer(value) ? value : Buffer.from(JSON.stringify(value))).toString('base64url');

/** One class for every parking pass of this issuer (a generic pass's layout and issuer name). */
export const classIdOf = (config: Pick<GoogleWalletConfig, 'issuerId'>) => `${config.issuerId}.parking_pass`;
/** The object's id: unique per booking within the issuer (letters, digits, '.', '_', '-'). */
export const objectIdOf = (config: Pick<GoogleWalletConfig, 'issuerId'>, serial: string) => `${config.issuerId}.booking-${serial.replace(/[^\w.-]/g, '_')}`;

function passObject(config: GoogleWalletConfig, pass: WalletPassContent) {
  return {
    id: objectIdOf(config, pass.serial),
    classId: classIdOf(config),
    state: 'ACTIVE',
    cardTitle: text(config.brand),
    header: text(pass.lotName),
    subheader: text('Parking'),
    hexBackgroundColor: '#1d4ed8',
    barcode: { type: 'QR_CODE', value: pass.qr, alternateText: pass.qr },
    textModulesData: [
      { id: 'arrival', header: 'Arrival', body: pass.arrivalText },
      { id: 'departure', header: 'Departure', body: pass.departureText },
      { id: 'plate', header: 'Plate', body: pass.plate || '—' },
      { id: 'vehicle', header: 'Vehicle', body: pass.vehicle || '—' },
      { id: 'address', header: 'Address', body: pass.address },
      ...(pass.phone ? [{ id: 'phone', header: 'Lot phone', body: pass.phone }] : []),
    ],
    // Shown from arrival to departure; times as instants (the lot's zone applied).
    validTimeInterval: { start: { date: pass.arrivesAt.toISOString() }, end: { date: pass.departsAt.toISOString() } },
    locations: [{ latitude: pass.latitude, longitude: pass.longitude }],
    linksModuleData: { uris: [{ uri: `${config.appUrl}/manage/${encodeURIComponent(pass.serial)}`, description: 'Manage booking', id: 'manage' }] },
  };
}

/** The claims of the save link's JWT (typ savetowallet, for audience google, usable from our origin only). */
export function saveClaims(config: GoogleWalletConfig, pass: WalletPassContent, now: Date) {
  return {
    iss: config.serviceAccountEmail,
    aud: 'google',
    typ: 'savetowallet',
    iat: Math.floor(now.getTime() / 1000),
    origins: [config.appUrl],
    payload: {
      genericClasses: [{ id: classIdOf(config) }],
      genericObjects: [passObject(config, pass)],
    },
  };
}

/** The "Save to Google Wallet" link of a booking's pass. */
export function googleSaveUrl(config: GoogleWalletConfig, pass: WalletPassContent, now: Date): string {
  const signingInput = `${b64url({ alg: 'RS256', typ: 'JWT' })}.${b64url(saveClaims(config, pass, now))}`;
  const signature = sign('sha256', Buffer.from(signingInput), createPrivateKey(config.privateKey));
  return `${GOOGLE_SAVE_URL}${signingInput}.${b64url(signature)}`;
}
