// US street addresses as the catalogue writes them ('5357 Camp Creek Pkwy, Atlanta, GA 30354'), split into the
// parts structured data and forms want. Anything that does not fit the pattern stays whole in `street`.
export interface AddressParts {
  street: string;
  city?: string;
  state?: string;
  postalCode?: string;
}

export function splitUsAddress(address: string): AddressParts {
  const parts = address
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length < 3) return { street: address.trim() };
  const m = /^([A-Z]{2})(?:\s+(\d{5}(?:-\d{4})?))?$/.exec(parts.at(-1)!);
  if (!m) return { street: address.trim() };
  return { street: parts.slice(0, -2).join(', '), city: parts.at(-2), state: m[1], postalCode: m[2] };
}
