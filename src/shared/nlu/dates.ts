// Travel dates in free text, for the assistants: the spec's three formats ('March 3 to 7', 'from March 3 to
// March 7', '2027-03-03 to 2027-03-07') plus 'March 3-7', '3/3 to 3/7', 'tomorrow', 'next Friday',
// 'in 3 days', 'for 3 days', 'a week', 'until Sunday', days of the month without a month ('the 12th to the
// 19th', 'I fly out on the 12th and come back the 19th': the next 12th from today, then the 19th after it)
// and holidays (holidays.ts: 'Thanksgiving weekend', 'Christmas week', '4th of July', ...). Without a year
// the current one is used, rolling to next year once the date has passed. "Today" is the date in US Eastern
// time (most travellers).
import { addDays, DAY_MS, iso, nextDayOfMonth, nextWeekday, todayIn, upcoming, utc, valid, weekdayOf } from './calendar';
import { holidayIn } from './holidays';

export { todayIn } from './calendar';

export interface StayDates {
  /** 'YYYY-MM-DD' */
  arrivalDate: string;
  departureDate: string;
}

const MONTHS: Record<string, number> = {
  jan: 1,
  january: 1,
  feb: 2,
  february: 2,
  mar: 3,
  march: 3,
  apr: 4,
  april: 4,
  may: 5,
  jun: 6,
  june: 6,
  jul: 7,
  july: 7,
  aug: 8,
  august: 8,
  sep: 9,
  sept: 9,
  september: 9,
  oct: 10,
  october: 10,
  nov: 11,
  november: 11,
  dec: 12,
  december: 12,
};
const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const NUMBERS: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  fourteen: 14,
  couple: 2,
  few: 3,
};

const MONTH = '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)';
const DAY = '(\\d{1,2})(?:st|nd|rd|th)?';
const YEAR = '(?:,?\\s*(\\d{4}))?';
/** "and come back (on) the 19th", "returning the 19th", ", back on the 19th". */
const RETURN =
  "(?:(?:,|and)\\s*)?(?:then\\s+)?(?:(?:i|we)(?:'?ll|'?m|'?re| will| am| are)?\\s+)?(?:(?:be|come|coming|get|getting|fly|flying|drive|driving|head|heading|return|returning)\\s+)?(?:back|home)(?:\\s+on)?" +
  '|(?:(?:,|and)\\s*)?return(?:ing)?(?:\\s+on)?';
const TO = `\\s*(?:to|until|till|thru|through|-|–|—|${RETURN}|and)\\s*(?:the\\s+)?`;
/** A number that is not a day of the month: "3 to 5 days", "10 to 2pm". */
const NOT_UNIT = '(?!\\s*(?:(?:day|night|week|hour|hr|minute|min|mile|people|person|car|vehicle|space|spot)s?\\b|[ap]\\.?m\\b|:\\d|%))';
const NOT_MONTH_AFTER = `(?!\\s*(?:of\\s+)?(?:${MONTH.slice(1)})`; // no capture group
const WEEKDAY = '(sun|mon|tue|tues|wed|thu|thur|thurs|fri|sat)(?:day|nesday|sday|rsday|urday)?';
const COUNT = '(\\d+|an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fourteen|couple(?: of)?|few)';
const UNIT_DAYS: Record<string, number> = { day: 1, night: 1, week: 7, month: 30 };

const countOf = (word: string) => (/^\d+$/.test(word) ? Number(word) : (NUMBERS[word.replace(/ of$/, '')] ?? 1));
const weekdayIndex = (word: string) => WEEKDAYS.findIndex((d) => d.startsWith(word.slice(0, 3)));

/** The Saturday of this weekend: today on a Saturday, yesterday on a Sunday, else the coming one. */
const thisWeekendSaturday = (today: number) => (weekdayOf(today) === 0 ? addDays(today, -1) : nextWeekday(today, 6, true));

/** A single day mentioned on its own (arrival, or the end after 'until'). */
function singleDay(text: string, today: number): number | null {
  let m: RegExpExecArray | null;
  if (/\bday after tomorrow\b/.test(text)) return today + 2 * DAY_MS;
  if (/\btomorrow\b/.test(text)) return today + DAY_MS;
  if (/\b(today|tonight|this (morning|afternoon|evening))\b/.test(text)) return today;
  if ((m = new RegExp(`\\bin ${COUNT} (day|week)s?\\b`).exec(text))) return today + countOf(m[1]!) * (m[2] === 'week' ? 7 : 1) * DAY_MS;
  if (/\bnext week\b/.test(text)) return nextWeekday(today, 1, false);
  // "Next weekend": the Saturday after this weekend's (on a Saturday or Sunday, the coming one).
  if (/\bnext weekend\b/.test(text)) return addDays(thisWeekendSaturday(today), 7);
  if (/\bthis weekend\b|\bthe weekend\b|\b(coming|upcoming) weekend\b/.test(text)) return nextWeekday(today, 6, true);
  if ((m = new RegExp(`\\b(next|this|on|coming)?\\s*${WEEKDAY}\\b`).exec(text))) {
    const index = weekdayIndex(m[2]!);
    if (index >= 0) return nextWeekday(today, index, m[1] !== 'next');
  }
  if ((m = new RegExp(`\\b${MONTH}\\s+${DAY}${YEAR}\\b`).exec(text))) return upcoming(MONTHS[m[1]!]!, Number(m[2]), m[3] ? Number(m[3]) : undefined, today);
  if ((m = new RegExp(`\\b${DAY}\\s+(?:of\\s+)?${MONTH}${YEAR}\\b`).exec(text))) return upcoming(MONTHS[m[2]!]!, Number(m[1]), m[3] ? Number(m[3]) : undefined, today);
  if ((m = /\b(\d{4})-(\d{2})-(\d{2})\b/.exec(text)) && valid(Number(m[1]), Number(m[2]), Number(m[3]))) return utc(Number(m[1]), Number(m[2]), Number(m[3]));
  if ((m = /\b(\d{1,2})\/(\d{1,2})(?:\/(\d{2,4}))?\b/.exec(text))) {
    const year = m[3] ? (m[3].length === 2 ? 2000 + Number(m[3]) : Number(m[3])) : undefined;
    return upcoming(Number(m[1]), Number(m[2]), year, today);
  }
  // "on the 12th", "the 3rd": a day of the month, the next one from today.
  const ordinal = new RegExp(
    `(?:\\bon\\s+(?:the\\s+)?|\\bthe\\s+)(\\d{1,2})(?:st|nd|rd|th)\\b${NOT_MONTH_AFTER}(?!\\s+(?:floor|level|terminal|lot|garage|gate|deck|row|option|one|time|stop|choice|cheapest|closest|best)\\b)`,
  );
  if ((m = ordinal.exec(text))) return nextDayOfMonth(Number(m[1]), today);
  return null;
}

/** The end of a range: a holiday's last day ("until Labor Day weekend") or any single day. */
function endDay(text: string, from: number): number | null {
  const holiday = holidayIn(text, from);
  return holiday ? holiday.to : singleDay(text, from);
}

/** "X until Y", "X, back Y", "between X and Y": the two halves, or null. */
function splitRange(text: string): { before: string; after: string } | null {
  const between = /\bbetween\s+(.{3,40}?)\s+and\s+(.{3,30})$/.exec(text);
  if (between) return { before: between[1]!, after: between[2]! };
  const until =
    /\b(?:until|till|til|through|to|back(?:\s+on)?|returning(?:\s+on)?)\s+(.{3,30})$/.exec(text) ??
    /\b(?:until|till|til|back(?:\s+on)?|returning(?:\s+on)?)\s+(.{3,30})/.exec(text);
  return until ? { before: text.slice(0, until.index), after: until[1]! } : null;
}

/** An explicit range with both ends written out, as [start, end] days. */
function explicitRange(text: string, today: number): [number | null, number | null] | null {
  let m: RegExpExecArray | null;
  if ((m = new RegExp(`\\b(\\d{4})-(\\d{2})-(\\d{2})${TO}(\\d{4})-(\\d{2})-(\\d{2})\\b`).exec(text))) {
    const [a, b] = [
      [m[1], m[2], m[3]],
      [m[4], m[5], m[6]],
    ].map(([y, mo, d]) => (valid(Number(y), Number(mo), Number(d)) ? utc(Number(y), Number(mo), Number(d)) : null));
    return [a ?? null, b ?? null];
  }
  if ((m = new RegExp(`\\b${MONTH}\\s+${DAY}${YEAR}${TO}(?:${MONTH}\\s+)?${DAY}${YEAR}\\b${NOT_UNIT}`).exec(text))) {
    const [, m1, d1, y1, m2, d2, y2] = m;
    const start = upcoming(MONTHS[m1!]!, Number(d1), y1 ? Number(y1) : undefined, today);
    if (start === null) return [null, null];
    let endYear = y2 ? Number(y2) : new Date(start).getUTCFullYear();
    let endMonth = m2 ? MONTHS[m2]! : MONTHS[m1!]!;
    if (!y2 && utc(endYear, endMonth, Number(d2)) < start) {
      if (m2)
        endYear += 1; // Dec 28 to Jan 3
      else if (++endMonth > 12) [endMonth, endYear] = [1, endYear + 1]; // March 30 to the 2nd
    }
    return [start, valid(endYear, endMonth, Number(d2)) ? utc(endYear, endMonth, Number(d2)) : null];
  }
  if ((m = new RegExp(`\\b${DAY}(?:\\s+(?:of\\s+)?${MONTH})?${TO}${DAY}\\s+(?:of\\s+)?${MONTH}${YEAR}\\b`).exec(text))) {
    // "10 to 14 March", "10 March to 14 March", "the 3rd to the 10th of March"
    const [, d1, m1, d2, m2, y] = m;
    const start = upcoming(MONTHS[m1 ?? m2!]!, Number(d1), y ? Number(y) : undefined, today);
    if (start === null) return [null, null];
    let endYear = new Date(start).getUTCFullYear();
    if (utc(endYear, MONTHS[m2!]!, Number(d2)) < start) endYear += 1;
    return [start, valid(endYear, MONTHS[m2!]!, Number(d2)) ? utc(endYear, MONTHS[m2!]!, Number(d2)) : null];
  }
  if ((m = /\b(\d{1,2})\/(\d{1,2})(?:\/(\d{2,4}))?\s*(?:to|until|till|through|-|–)\s*(\d{1,2})\/(\d{1,2})(?:\/(\d{2,4}))?\b/.exec(text))) {
    const year = (v?: string) => (v ? (v.length === 2 ? 2000 + Number(v) : Number(v)) : undefined);
    const start = upcoming(Number(m[1]), Number(m[2]), year(m[3]), today);
    if (start === null) return [null, null];
    let endYear = year(m[6]) ?? new Date(start).getUTCFullYear();
    if (!m[6] && utc(endYear, Number(m[4]), Number(m[5])) < start) endYear += 1;
    return [start, valid(endYear, Number(m[4]), Number(m[5])) ? utc(endYear, Number(m[4]), Number(m[5])) : null];
  }
  // Days of the month only: "12th-19th", "the 12th to the 19th", "on the 12th and come back the 19th".
  const dayOnly = new RegExp(`(?<![\\w/.$:-])(the\\s+)?(\\d{1,2})(st|nd|rd|th)?\\b${NOT_MONTH_AFTER}${TO}(\\d{1,2})(st|nd|rd|th)?\\b${NOT_MONTH_AFTER}${NOT_UNIT}`);
  if ((m = dayOnly.exec(text)) && (m[1] || m[3] || m[5])) {
    const start = nextDayOfMonth(Number(m[2]), today);
    return [start, start === null ? null : nextDayOfMonth(Number(m[4]), addDays(start, 1))];
  }
  return null;
}

/** When in the day a same-day start was asked for ('tonight': the evening), as lot-local 'HH:mm'. */
const PART_OF_DAY: [RegExp, string][] = [
  [/\b(tonight|this evening|later today|this afternoon and evening)\b/, '18:00'],
  [/\bthis afternoon\b/, '12:00'],
  [/\bthis morning\b/, '06:00'],
];

export interface StayParse {
  dates: StayDates;
  /** A same-day word gave the start ('tonight' → '18:00', 'this morning' → '06:00'); null otherwise. The
   * caller decides the time (never before now: see soonestArrival). */
  startTime: string | null;
  /** False when only a duration was given and the stay starts tomorrow by default. */
  startGiven: boolean;
  /** "for 3 days", "a week", "overnight": the length asked for, if any. */
  durationDays: number | null;
}

/** Dates of a stay mentioned in the text with how they were given, or null when it names none. `zone`: whose
 * "today" the text means (the place's time zone when it is known; US Eastern otherwise). */
export function parseStay(input: string, now = new Date(), zone?: string): StayParse | null {
  const text = input.toLowerCase().replace(/[’‘`]/g, "'").replace(/\s+/g, ' ');
  const today = todayIn(now, zone);
  let start: number | null = null;
  let end: number | null = null;
  /** A holiday's own last day: a duration given with it wins ("Thanksgiving weekend for 5 days"). */
  let softEnd: number | null = null;

  const explicit = explicitRange(text, today);
  if (explicit) [start, end] = explicit;

  if (start === null) {
    const split = splitRange(text);
    const read = (part: string): { start: number | null; softEnd: number | null; from: number | null } => {
      const holiday = holidayIn(part, today);
      if (holiday) return { start: holiday.start, softEnd: holiday.end, from: holiday.from };
      const day = singleDay(part, today);
      return { start: day, softEnd: null, from: day };
    };
    let first = read(split ? split.before : text);
    if (split && first.from !== null) {
      const e = endDay(split.after, first.from);
      if (e !== null && e > first.from) [first, end] = [{ start: first.from, softEnd: null, from: first.from }, e];
    }
    if (first.start === null && split) first = read(text); // "to" was just a word ("drive to the airport tomorrow")
    start = first.start;
    softEnd = end === null ? first.softEnd : null;
  }

  // Durations: "for 3 days", "a week", "overnight", "2 nights", "a fortnight".
  const duration = new RegExp(`\\b(?:for\\s+)?${COUNT}\\s+(day|night|week|month)s?\\b`).exec(text);
  const durationDays =
    duration && !/\bin\s+$/.test(text.slice(0, duration.index))
      ? countOf(duration[1]!) * UNIT_DAYS[duration[2]!]!
      : /\bfortnight\b/.test(text)
        ? 14
        : /\bovernight\b/.test(text)
          ? 1
          : null;

  if (start === null && durationDays === null) return null;
  const startGiven = start !== null;
  if (start === null) start = today + DAY_MS; // "for 3 days": from tomorrow
  if (end === null && softEnd !== null && durationDays === null) end = softEnd;
  if (end === null || end <= start) end = start + (durationDays ?? 1) * DAY_MS;
  const startTime = start === today ? (PART_OF_DAY.find(([words]) => words.test(text))?.[1] ?? null) : null;
  return { dates: { arrivalDate: iso(start), departureDate: iso(end) }, startGiven, durationDays, startTime };
}

/** Dates of a stay mentioned in the text, or null when it names none. */
export function parseStayDates(input: string, now = new Date()): StayDates | null {
  return parseStay(input, now)?.dates ?? null;
}
