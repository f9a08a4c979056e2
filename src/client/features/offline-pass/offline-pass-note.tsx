// "Saved on this device for offline use" under a pass, once the service worker has stored it; a booking that no
// longer stands (cancelled, over) has its copy deleted instead.
import { WifiOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import { forgetPassOffline, offlinePassUrl, savePassOffline } from './offline-pass';

/**
 * Saves the booking's pass on this device while `keep` (a standing booking), again whenever `version` changes (new
 * dates or vehicle), and deletes it when `keep` is false; `undefined` leaves the device alone (a pass shown
 * elsewhere, e.g. in the booking history). True once the device holds the current copy.
 */
export function useOfflinePass(confirmationNumber: string, token: string | null | undefined, keep: boolean | undefined, version = ''): boolean {
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    let live = true;
    if (keep === undefined) return;
    if (!keep) {
      setSaved(false);
      void forgetPassOffline(confirmationNumber);
      return;
    }
    void savePassOffline(confirmationNumber, token).then((ok) => live && setSaved(ok));
    return () => {
      live = false;
    };
  }, [confirmationNumber, token, keep, version]);
  return saved;
}

/** The hint, shown once `saved` (from useOfflinePass, called where the booking's state is known). */
export function OfflinePassNote({ confirmationNumber, token, saved }: { confirmationNumber: string; token?: string | null; saved: boolean }) {
  if (!saved) return null;
  return (
    <p role="status" className="mt-1 flex items-start gap-2 self-stretch rounded-md bg-muted p-3 text-left text-sm print:hidden" data-testid="offline-pass-note">
      <WifiOff className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      <span>
        Saved on this device for offline use. {/* A full page load, not the router: the service worker answers it, with or without the network. */}
        <a href={offlinePassUrl(confirmationNumber, token)} className="font-medium text-primary underline-offset-4 hover:underline">
          Open offline
        </a>
      </span>
    </p>
  );
}
