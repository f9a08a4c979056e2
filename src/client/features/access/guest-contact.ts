// The contact a guest typed into the detail-fee dialog, kept in this browser so guest checkout starts with it:
// the fee's credit belongs to that e-mail, and booking with the same e-mail is what applies it. Read and
// written only in effects and handlers (never during render: the server has no storage).
export interface GuestContact {
  firstName: string;
  lastName: string;
  email: string;
  phone?: string;
}

const KEY = 'guestContact';

export function rememberGuestContact(contact: GuestContact) {
  try {
    window.localStorage.setItem(KEY, JSON.stringify({ firstName: contact.firstName, lastName: contact.lastName, email: contact.email, phone: contact.phone ?? '' }));
  } catch {
    // Private mode: checkout simply starts empty.
  }
}

export function recallGuestContact(): GuestContact | null {
  try {
    const value = JSON.parse(window.localStorage.getItem(KEY) ?? 'null') as Partial<GuestContact> | null;
    if (!value || typeof value.email !== 'string' || !value.email) return null;
    const text = (v: unknown) => (typeof v === 'string' ? v : '');
    return { firstName: text(value.firstName), lastName: text(value.lastName), email: value.email, phone: text(value.phone) };
  } catch {
    return null;
  }
}
