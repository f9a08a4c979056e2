// The one date field of every schema that takes a date from a person or a client (checkout, the estimate, new
// dates of a booking, search, a lot's days): missing or blank is "required", anything else that is not a real
// calendar date ('YYYY-MM-DD' or 'YYYY-MM-DDTHH:mm': '2026-13-45', 'garbage', a number, a 40-character
// string) "is not a valid date". A present value is never reported as missing.
import { z } from './zod';
import { parseWallClock } from '../pricing';

const missing = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

export interface DateMessages {
  /** When the value is missing or blank, e.g. 'Arrival date is required'. */
  required: string;
  /** When it is there but not a real date, e.g. 'Arrival date is not a valid date'. */
  invalid: string;
  /** Only a calendar day ('YYYY-MM-DD'), no time. */
  dayOnly?: boolean;
}

/** The messages for a field label: '{label} is required', '{label} is not a valid date'. */
export const dateMessages = (label: string): DateMessages => ({ required: `${label} is required`, invalid: `${label} is not a valid date` });

const isDate = (v: string, dayOnly?: boolean) => (!dayOnly || /^\d{4}-\d{2}-\d{2}$/.test(v)) && parseWallClock(v) !== null;

/** A required date: the trimmed text as sent. */
export function requiredDate(m: DateMessages) {
  // Typed as the string a form holds; any value sent is checked at run time.
  return z
    .custom<string>(() => true)
    .transform((v: unknown, ctx): string => {
      if (missing(v)) {
        ctx.addIssue({ code: 'custom', message: m.required });
        return z.NEVER;
      }
      const text = typeof v === 'string' ? v.trim() : '';
      if (!isDate(text, m.dayOnly)) {
        ctx.addIssue({ code: 'custom', message: m.invalid });
        return z.NEVER;
      }
      return text;
    });
}

/** An optional date: undefined when missing or blank, else it must be valid (add .optional() for an optional key). */
export function optionalDate(m: Pick<DateMessages, 'invalid' | 'dayOnly'>) {
  return z
    .custom<string | undefined>(() => true)
    .transform((v: unknown, ctx): string | undefined => {
      if (missing(v)) return undefined;
      const text = typeof v === 'string' ? v.trim() : '';
      if (!isDate(text, m.dayOnly)) {
        ctx.addIssue({ code: 'custom', message: m.invalid });
        return z.NEVER;
      }
      return text;
    });
}
