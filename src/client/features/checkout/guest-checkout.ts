// Guest checkout and the detail fee's credit: the form starts with the contact typed into the fee dialog, and
// the estimate is asked with the guest's e-mail, so the "Credit applied" line and the total shown before paying
// are the ones checkout charges (the credit belongs to that e-mail). Signed-in travellers are priced by their
// session instead.
import { useEffect, useRef, useState } from 'react';
import { recallGuestContact } from '@/client/features/access/guest-contact';
import { contactFieldProblem, type TBookingForm } from '@/shared/schemas/bookings';

/** Once the session is known and nobody is signed in: the fee dialog's contact, into fields still empty. */
export function useGuestContactPrefill(signedOut: boolean, setForm: (update: (f: TBookingForm) => TBookingForm) => void) {
  const done = useRef(false);
  useEffect(() => {
    if (!signedOut || done.current) return;
    done.current = true;
    const contact = recallGuestContact();
    if (!contact) return;
    setForm((f) => ({
      ...f,
      firstName: f.firstName || contact.firstName,
      lastName: f.lastName || contact.lastName,
      email: f.email || contact.email,
      phone: f.phone || (contact.phone ?? ''),
    }));
  }, [signedOut, setForm]);
}

/** How long the typed e-mail must stay unchanged before the estimate is asked again with it. */
const SETTLE_MS = 400;

/** The guest's e-mail to price credit for: the valid address typed, once typing pauses (undefined when signed in). */
export function useCreditEmail(signedOut: boolean, email: string): string | undefined {
  const candidate = signedOut && email.trim() && !contactFieldProblem('email', email) ? email.trim().toLowerCase() : undefined;
  const [settled, setSettled] = useState(candidate);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(candidate), SETTLE_MS);
    return () => window.clearTimeout(timer);
  }, [candidate]);
  return settled;
}
