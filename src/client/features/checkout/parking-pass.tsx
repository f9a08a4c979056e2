// The parking pass: a QR code of the confirmation number (what the lot scans), with add-to-calendar.
import { CalendarPlus } from 'lucide-react';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { Button } from '@/client/components/ui/button';
import { Skeleton } from '@/client/components/ui/skeleton';
import { OfflinePassNote, useOfflinePass } from '@/client/features/offline-pass/offline-pass-note';
import { WalletButtons, type WalletRef } from '@/client/features/wallet/wallet-buttons';
import { bookingIcs } from '@/shared/ics';

export interface PassBooking {
  confirmationNumber: string;
  providerName: string;
  address: string;
  providerPhone?: string | null;
  startsAt: Date | string;
  endsAt: Date | string;
  /** The traveller's flights or sailing in one line, when given ('Flights: UA 1234 out'). */
  travel?: string | null;
}

/** `offline`: keep this pass on the device for offline opening (the manage and thank-you pages; offline-pass-note.tsx). */
export type OfflinePassOptions = { token?: string | null; keep: boolean; version?: string };

/**
 * `offline`: see OfflinePassOptions. `wallet`: offer Apple and Google Wallet (when configured) for this booking (its
 * manage token, or the owner's session).
 */
export function ParkingPass({ booking, brand, offline, wallet }: { booking: PassBooking; brand: string; offline?: OfflinePassOptions; wallet?: WalletRef }) {
  const [svg, setSvg] = useState<string | null>(null);
  const savedOffline = useOfflinePass(booking.confirmationNumber, offline?.token, offline?.keep, offline?.version);
  useEffect(() => {
    let live = true;
    QRCode.toString(booking.confirmationNumber, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 })
      .then((s) => live && setSvg(s))
      .catch(() => live && setSvg(''));
    return () => {
      live = false;
    };
  }, [booking.confirmationNumber]);

  function downloadCalendar() {
    const ics = bookingIcs({
      confirmationNumber: booking.confirmationNumber,
      providerName: booking.providerName,
      address: booking.address,
      start: new Date(booking.startsAt),
      end: new Date(booking.endsAt),
      url: `${window.location.origin}/manage/${encodeURIComponent(booking.confirmationNumber)}`,
      brand,
      phone: booking.providerPhone,
    });
    const url = URL.createObjectURL(new Blob([ics], { type: 'text/calendar;charset=utf-8' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `${booking.confirmationNumber}.ics`;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  return (
    <div className="flex flex-col items-center gap-3 text-center">
      {svg === null ? (
        <Skeleton className="size-44" />
      ) : (
        <div
          role="img"
          aria-label={`Parking pass QR code for ${booking.confirmationNumber}`}
          className="size-44 rounded-md border border-border bg-white p-2 [&>svg]:size-full"
          dangerouslySetInnerHTML={{ __html: svg }}
        />
      )}
      <p className="font-mono text-lg font-bold tracking-wider">{booking.confirmationNumber}</p>
      {booking.travel && <p className="text-sm font-medium">{booking.travel}</p>}
      <p className="text-sm text-muted-foreground">Show this pass at the lot entrance.</p>
      <Button type="button" variant="outline" onClick={downloadCalendar} className={wallet ? 'w-full print:hidden' : 'print:hidden'}>
        <CalendarPlus className="size-4" aria-hidden="true" /> Add to calendar
      </Button>
      {wallet && <WalletButtons {...wallet} />}
      <OfflinePassNote confirmationNumber={booking.confirmationNumber} token={offline?.token} saved={savedOffline} />
    </div>
  );
}
