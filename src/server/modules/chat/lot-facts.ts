// Facts about the lots near one place, for both assistants: vehicle sizes, opening hours, shuttle times,
// cancellation rules, security and other amenities. Every sentence names real lots and quotes their own
// catalogue values (vehicleTypes, amenities, operatingHours, shuttleInfo, cancellationPolicy); what the
// catalogue does not say is said plainly, with the support contact, never guessed.
import { formatPrice, SERVICE_FEE_TEXT } from '@/shared/pricing';
import type { TProviderResult } from '../search/search.service';

export interface Contact {
  phone: string;
  email: string;
}

const OVERSIZE = 'Oversize / RV';
const MAX_NAMED = 5;

export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);
const clean = (s: string) => s.trim().replace(/[.;,]+$/, '');

/** "All 9 lots take", "1 of the 9 lots takes", "3 of the 9 lots take". */
const someOf = (k: number, total: number, where: string, verb: [string, string]) =>
  `${k === total ? (total === 1 ? 'The only lot' : `All ${total} lots`) : `${k} of the ${total} lots`} near ${where} ${k === 1 ? verb[0] : verb[1]}`;

/** "A, B and C", "A, B, C, D, E and 3 more" (semicolons when a name has a comma). */
export function listOf(items: string[]): string {
  const named = items.slice(0, MAX_NAMED);
  const rest = items.length - named.length;
  // Lot names can hold commas ("Terminal Inn BOS Park, Stay & Fly"): then semicolons keep the list readable.
  const sep = items.some((i) => i.includes(',')) ? '; ' : ', ';
  if (rest > 0) return `${named.join(sep)} and ${rest} more`;
  return named.length <= 1 ? (named[0] ?? '') : `${named.slice(0, -1).join(sep)} and ${named[named.length - 1]}`;
}

/** How a traveller cancels or changes a booking, guest or signed in: said once, by every assistant. */
export const HOW_TO_CANCEL =
  'To cancel or change a booking, open the "Manage your booking" link in your confirmation e-mail (no account needed), or use "Manage a booking" at the bottom of any page and we e-mail you a fresh link. Signed in, you can also cancel from Booking History in your account menu.';

export const askSupport = (c: Contact) => `Call us at ${c.phone} or e-mail ${c.email} and we'll check with the lot for you.`;

const dayRate = (p: TProviderResult) => `${p.name} (${formatPrice(p.price)}/day, ${p.distanceMiles} mi)`;
const takesOversize = (p: TProviderResult) => p.vehicleTypes.includes(OVERSIZE) || p.amenities.includes('Oversize Vehicles');

/** RVs, trailers, trucks, large vans and height limits. */
export function oversizeFacts(providers: TProviderResult[], where: string, text: string, contact: Contact): string {
  const t = text.toLowerCase();
  const lines: string[] = [];
  const total = providers.length;
  const oversize = providers.filter(takesOversize);
  const asksTruck = /\b(trucks?|pick-?up|f-?150s?|dually)\b/.test(t) && !/\b(box trucks?|rvs?|trailers?|motor ?homes?|campers?|oversized?)\b/.test(t);
  const asksHeight = /\b(height|clearance|ceilings?|tall)\b/.test(t);

  if (asksTruck) {
    const trucks = providers.filter((p) => p.vehicleTypes.includes('Truck') || takesOversize(p));
    lines.push(
      trucks.length
        ? `${someOf(trucks.length, total, where, ['takes', 'take'])} trucks: ${listOf(trucks.map(dayRate))}.`
        : `None of the ${total} lots near ${where} lists trucks among the vehicles it takes.`,
    );
  } else {
    lines.push(
      oversize.length
        ? `${someOf(oversize.length, total, where, ['takes', 'take'])} oversize vehicles and RVs: ${listOf(oversize.map(dayRate))}.`
        : `None of the ${total} lots near ${where} lists spaces for oversize vehicles, RVs or trailers, so I can't promise one a space.`,
    );
    const note = oversize.flatMap((p) => p.features.filter((f) => /\b(rv|trailer|oversize)/i.test(f)).map((f) => `${p.name}: "${clean(f)}"`))[0];
    if (note) lines.push(`From the lot details: ${note}.`);
  }
  if (asksHeight) lines.push(`The lots near ${where} don't publish height limits, so I can't tell you the clearance.`);
  if (asksHeight || (!asksTruck && !oversize.length)) lines.push(askSupport(contact));
  return lines.join(' ');
}

export function motorcycleFacts(providers: TProviderResult[], where: string, contact: Contact): string {
  const bikes = providers.filter((p) => p.vehicleTypes.includes('Motorcycle'));
  return bikes.length
    ? `${someOf(bikes.length, providers.length, where, ['takes', 'take'])} motorcycles: ${listOf(bikes.map(dayRate))}.`
    : `None of the lots near ${where} lists motorcycles among the vehicles it takes. ${askSupport(contact)}`;
}

const isOpen247 = (p: TProviderResult) => p.operatingHours?.trim() === '24/7' || p.amenities.includes('24/7');

/** Opening hours of the lots, 24/7 ones first. */
export function hoursFacts(providers: TProviderResult[], where: string, contact: Contact): string {
  const open = providers.filter(isOpen247);
  const set = providers.filter((p) => !isOpen247(p) && p.operatingHours?.trim());
  const unknown = providers.filter((p) => !isOpen247(p) && !p.operatingHours?.trim());
  const lines: string[] = [];
  if (open.length === providers.length) lines.push(`${someOf(open.length, providers.length, where, ['is', 'are'])} open 24/7.`);
  else if (open.length) lines.push(`${someOf(open.length, providers.length, where, ['is', 'are'])} open 24/7: ${listOf(open.map((p) => p.name))}.`);
  else lines.push(`None of the lots near ${where} is open 24/7.`);
  if (set.length) lines.push(`${open.length ? 'The others keep set hours' : 'Their hours'}: ${listOf(set.map((p) => `${p.name} ${clean(p.operatingHours!)}`))}.`);
  if (unknown.length) lines.push(`${listOf(unknown.map((p) => p.name))} ${unknown.length === 1 ? "doesn't" : "don't"} list opening hours. ${askSupport(contact)}`);
  return lines.join(' ');
}

const walks = (p: TProviderResult) => !p.amenities.includes('Shuttle') && /^walk/i.test(p.shuttleInfo ?? '');

/** Shuttle times and frequency, quoted from each lot. */
export function shuttleFacts(providers: TProviderResult[], contact: Contact): string {
  const shuttles = providers.filter((p) => p.amenities.includes('Shuttle') && p.shuttleInfo?.trim());
  const walking = providers.filter(walks);
  const silent = providers.filter((p) => p.amenities.includes('Shuttle') && !p.shuttleInfo?.trim());
  const lines: string[] = [];
  if (shuttles.length)
    lines.push(
      `Shuttle times: ${shuttles
        .slice(0, 4)
        .map((p) => `${p.name}: ${lowerFirst(clean(p.shuttleInfo!))}`)
        .join('; ')}${shuttles.length > 4 ? `; and ${plural(shuttles.length - 4, 'more lot')} with a shuttle` : ''}.`,
    );
  if (walking.length) lines.push(`No shuttle needed at ${walking.map((p) => `${p.name}: ${lowerFirst(clean(p.shuttleInfo!))}`).join('; ')}.`);
  if (silent.length) lines.push(`${listOf(silent.map((p) => p.name))} ${silent.length === 1 ? "doesn't" : "don't"} list a shuttle schedule. ${askSupport(contact)}`);
  return lines.join(' ');
}

/** Each lot's own cancellation rule, grouped, then the platform's rule for the service fee. */
export function cancellationFacts(providers: TProviderResult[], where: string, contact: Contact): string {
  const groups = new Map<string, string[]>();
  const unknown: string[] = [];
  for (const p of providers) {
    const policy = p.cancellationPolicy?.trim();
    if (!policy) unknown.push(p.name);
    else groups.set(policy, [...(groups.get(policy) ?? []), p.name]);
  }
  const lines: string[] = [];
  const rules = [...groups.entries()].sort((a, b) => b[1].length - a[1].length);
  if (rules.length === 1 && !unknown.length) lines.push(`Every lot near ${where} has the same rule: ${clean(rules[0]![0])}.`);
  else if (rules.length) lines.push(`Cancellation rules near ${where} differ by lot: ${rules.map(([policy, names]) => `"${clean(policy)}" at ${listOf(names)}`).join('; ')}.`);
  if (unknown.length) lines.push(`${listOf(unknown)} ${unknown.length === 1 ? "doesn't" : "don't"} list a cancellation policy. ${askSupport(contact)}`);
  lines.push(`${HOW_TO_CANCEL} The ${SERVICE_FEE_TEXT} service fee is not refundable.`);
  return lines.join(' ');
}

export function securityFacts(providers: TProviderResult[], where: string): string {
  const secure = providers.filter((p) => p.securityFeatures?.trim());
  if (!secure.length) return `The lots near ${where} don't describe their security in our catalogue; every listed lot is staffed or monitored.`;
  return `Security near ${where}: ${secure
    .slice(0, 3)
    .map((p) => `${p.name} has ${lowerFirst(clean(p.securityFeatures!))}`)
    .join('; ')}.`;
}

/** Catalogue amenities that are not search filters, with the words travellers use for them. */
const OTHER_AMENITIES: { amenity: string; re: RegExp; phrase: [string, string] }[] = [
  {
    amenity: 'Wheelchair Accessible',
    re: /\b(wheelchairs?|accessible|accessibility|disabled|disability|handicap(ped)?|mobility|ada)\b/,
    phrase: ['is wheelchair accessible', 'are wheelchair accessible'],
  },
  { amenity: 'Car Wash', re: /\b(car ?wash|wash my car|detailing|clean my car)\b/, phrase: ['offers a car wash', 'offer a car wash'] },
  { amenity: 'Luggage Assistance', re: /\b(luggage|bags|suitcases?|baggage)\b/, phrase: ['helps with luggage', 'help with luggage'] },
];

/** Answers about the other amenities a message mentions, or an empty list. */
export function otherAmenityFacts(providers: TProviderResult[], where: string, text: string): string[] {
  const t = text.toLowerCase();
  return OTHER_AMENITIES.filter((a) => a.re.test(t)).map(({ amenity, phrase }) => {
    const lots = providers.filter((p) => p.amenities.includes(amenity));
    return lots.length ? `${someOf(lots.length, providers.length, where, phrase)}: ${listOf(lots.map((p) => p.name))}.` : `None of the lots near ${where} lists "${amenity}".`;
  });
}

export const unknownAnswer = (where: string, contact: Contact) =>
  `I don't have that in the details the lots near ${where} give us, and I'd rather not guess. ${askSupport(contact)} I can tell you about prices, shuttles, opening hours, vehicle sizes and cancellation here.`;
