// The Apple Wallet pass of a booking (.pkpass): a signed zip of pass.json, its icons, a manifest of their SHA-1
// hashes and a PKCS#7 signature of the manifest by the Pass Type ID certificate (passkit-generator does the
// zip, manifest and signature). The pass carries the QR the gate scans, the lot, the stay in the lot's time and
// the plate; it surfaces near the lot and at arrival time; and it names the web service (web-service.ts) a
// device asks for the pass again when the booking changes. A cancelled booking's pass comes back voided.
import { Resvg } from '@resvg/resvg-js';
import { PKPass } from 'passkit-generator';
import { passAuthToken, type AppleWalletConfig } from './config';
import type { WalletPassContent } from './pass-content';

export const PKPASS_CONTENT_TYPE = 'application/vnd.apple.pkpass';

/** The brand's mark (public/favicon.svg), drawn white on the pass's blue. */
const MARK_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#1d4ed8"/><path d="M11 24V8h6.5a5 5 0 0 1 0 10H11" fill="none" stroke="#fff" stroke-width="3.2" stroke-linecap="round" stroke-linejoin="round"/></svg>';

/** Icon (29 pt) and logo (50 pt tall) at 1x, 2x and 3x: rendered once per process. */
let images: Record<string, Buffer> | undefined;
function passImages(): Record<string, Buffer> {
  const png = (px: number) => Buffer.from(new Resvg(MARK_SVG, { fitTo: { mode: 'width', value: px } }).render().asPng());
  images ??= {
    'icon.png': png(29),
    'icon@2x.png': png(58),
    'icon@3x.png': png(87),
    'logo.png': png(50),
    'logo@2x.png': png(100),
    'logo@3x.png': png(150),
  };
  return images;
}

const field = (key: string, label: string, value: string) => ({ key, label, value });

/** pass.json: who issues it, how it looks, what it says. */
function passJson(config: AppleWalletConfig, pass: WalletPassContent) {
  return {
    formatVersion: 1,
    passTypeIdentifier: config.passTypeId,
    teamIdentifier: config.teamId,
    serialNumber: pass.serial,
    organizationName: config.brand,
    description: `${config.brand} parking at ${pass.lotName}`,
    logoText: config.brand,
    backgroundColor: 'rgb(29, 78, 216)',
    foregroundColor: 'rgb(255, 255, 255)',
    labelColor: 'rgb(191, 219, 254)',
    webServiceURL: config.webServiceUrl,
    authenticationToken: passAuthToken(config, pass.serial),
    ...(pass.cancelled ? { voided: true } : {}),
    generic: {
      headerFields: [field('plate', 'Plate', pass.plate || '—')],
      primaryFields: [field('lot', 'Parking', pass.lotName)],
      secondaryFields: [field('arrival', 'Arrival', pass.arrivalText), field('departure', 'Departure', pass.departureText)],
      auxiliaryFields: [field('confirmation', 'Confirmation', pass.serial), field('vehicle', 'Vehicle', pass.vehicle || '—')],
      backFields: [
        field('address', 'Address', pass.address),
        ...(pass.phone ? [field('phone', 'Lot phone', pass.phone)] : []),
        ...(pass.shuttleInfo ? [field('shuttle', 'Shuttle', pass.shuttleInfo)] : []),
        field('times', 'Times', 'Arrival and departure are the lot’s local time.'),
      ],
    },
  };
}

/** The signed .pkpass of a booking's pass. */
export function applePass(config: AppleWalletConfig, pass: WalletPassContent): Buffer {
  const pkpass = new PKPass({ ...passImages(), 'pass.json': Buffer.from(JSON.stringify(passJson(config, pass))) }, config.certificates);
  pkpass.setBarcodes({ format: 'PKBarcodeFormatQR', message: pass.qr, messageEncoding: 'iso-8859-1', altText: pass.qr });
  pkpass.setLocations({ latitude: pass.latitude, longitude: pass.longitude, relevantText: `${pass.lotName}: show this pass at the entrance.` });
  pkpass.setRelevantDate(pass.arrivesAt);
  return pkpass.getAsBuffer();
}
