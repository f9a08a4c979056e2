// US phone numbers (NANP): 10 digits, optionally with the country code 1, in any usual punctuation:
// (555) 010-0199, 555-010-0199, 555.010.0199, +1 555 010 0199.
export const US_PHONE_MESSAGE = 'Please enter a valid US phone number, like (555) 010-0199';

export function isUsPhone(value: string): boolean {
  if (!/^[+()\d\s.-]+$/.test(value)) return false;
  const digits = value.replace(/\D/g, '');
  return digits.length === 10 || (digits.length === 11 && digits.startsWith('1'));
}
