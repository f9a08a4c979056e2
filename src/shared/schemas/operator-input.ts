// What an operator may type (the lot editor, the locations form, the days form, a lots CSV): numbers as plain
// decimals, and text without control characters or bidirectional overrides. JavaScript's Number() reads "0x10"
// as 16, "1e3" as 1000 and, once commas are stripped, "1,2,3" as 123; a right-to-left override can make a lot
// name read differently from what it is. One rule for every operator field, here.

/** Money as a person writes it: '12.95', '$12.95', '1,234.50' (commas only between groups of three digits). */
const MONEY = /^\$?\s*(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?$|^\$?\s*\.\d+$/;
/** A signed decimal: '28.4294', '-81.3089', '+0.5'. */
const SIGNED = /^[-+]?(?:\d+(?:\.\d*)?|\.\d+)$/;
/** A count: '250', '1,000'. */
const COUNT = /^(?:\d{1,3}(?:,\d{3})+|\d+)$/;

export type DecimalKind = 'money' | 'signed' | 'count';
const PATTERNS: Record<DecimalKind, RegExp> = { money: MONEY, signed: SIGNED, count: COUNT };

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/**
 * A form field or CSV cell as a number: undefined when blank, the number when it is a plain decimal of its
 * kind, NaN otherwise (so the schema's own message says what to write). Numbers sent as JSON pass through.
 */
export function plainDecimal(v: unknown, kind: DecimalKind): unknown {
  if (blank(v)) return undefined;
  if (typeof v === 'number') return v;
  if (typeof v !== 'string') return NaN;
  const text = v.trim();
  return PATTERNS[kind].test(text) ? Number(text.replace(/^\$\s*/, '').replace(/,/g, '')) : NaN;
}

/** C0 and C1 controls (and DEL), and the bidirectional embeddings, overrides and isolates (U+202A–202E, U+2066–2069). */
const CONTROL_OR_BIDI = /[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;
/** The same, except line breaks and tabs (for descriptions and policies written over several lines). */
const CONTROL_OR_BIDI_MULTILINE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;

/** True when the text holds nothing that hides or reorders what is shown. */
export function isPlainText(text: string, multiline = false): boolean {
  return !(multiline ? CONTROL_OR_BIDI_MULTILINE : CONTROL_OR_BIDI).test(text);
}

/** The message for a field that holds one ('Lot name cannot contain control characters or text-direction overrides'). */
export const plainTextMessage = (label: string) => `${label} cannot contain control characters or text-direction overrides`;
