// Travel dates in free text, for the assistants: the spec's three formats ('March 3 to 7', 'from March 3 to
// March 7', '2027-03-03 to 2027-03-07') plus 'March 3-7', '3/3 to 3/7', 'tomorrow', 'next Friday',
// 'in 3 days', 'for 3 days', 'a week' and 'until Sunday'. Without a year the current one is used, rolling
// to next year once the date has passed. "Today" is the date in US Eastern time (most travellers).

export interface StayDates {
  /** 'YYYY-MM-DD' */
  arrivalDate: string;
  departureDate: string;
}

const MONTHS: Record<string, number> = {
  jan: 1, january: 1, feb: 2, february: 2, mar: 3, march: 3, apr: 4, april: 4, may: 5, jun: 6, june: 6,
  jul: 7, july: 7, aug: 8, august: 8, sep: 9, sept: 9, september: 9, oct: 10, october: 10, nov: 11, november: 11, dec: 12, december: 12,
};
const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const NUMBERS: Record<string, number> = { a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12, fourteen: 14, couple: 2, few: 3 };

const MONTH = '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)';
const DAY = '(\\d{1,2})(?:st|nd|rd|th)?';
const YEAR = '(?:,?\\s*(\\d{4}))?';
const TO = '\\s*(?:to|until|till|thru|through|-|–|—)\\s*';
const WEEKDAY = '(sun|mon|tue|tues|wed|thu|thur|thurs|fri|sat)(?:day|nesday|sday|rsday|urday)?';
const COUNT = '(\\d+|an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fourteen|couple(?: of)?|few)';

const DAY_MS = 86_400_000;
const iso = (t: number) => new Date(t).toISOString().slice(0, 10);
const utc = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d);
const valid = (y: number, m: number, d: number) => m >= 1 && m <= 12 && d >= 1 && d <= 31 && new Date(utc(y, m, d)).getUTCDate() === d;

/** Today's date (midnight UTC of the US Eastern calendar day). */
export function todayIn(now: Date, zone = 'America/New_York'): number {
  const p = Object.fromEntries(new Intl.DateTimeFormat('en-US', { timeZone: zone, year: 'numeric', month: 'numeric', day: 'numeric' }).formatToParts(now).map((x) => [x.type, x.value]));
  return utc(Number(p.year), Number(p.month), Number(p.day));
}

const countOf = (word: string) => (/^\d+$/.test(word) ? Number(word) : (NUMBERS[word.replace(/ of$/, '')] ?? 1));
const weekdayIndex = (word: string) => WEEKDAYS.findIndex((d) => d.startsWith(word.slice(0, 3)));

/** The next given weekday strictly after `from` (or `from` itself when allowToday). */
function nextWeekday(from: number, index: number, allowToday: boolean): number {
  const today = new Date(from).getUTCDay();
  let ahead = (index - today + 7) % 7;
  if (ahead === 0 && !allowToday) ahead = 7;
  return from + ahead * DAY_MS;
}

/** A month/day without a year: this year, or next year once it has passed. */
function upcoming(month: number, day: number, year: number | undefined, today: number): number | null {
  const y = year ?? new Date(today).getUTCFullYear();
  if (!valid(y, month, day)) return null;
  const t = utc(y, month, day);
  if (year === undefined && t < today) return valid(y + 1, month, day) ? utc(y + 1, month, day) : null;
  return t;
}

/** A single day mentioned on its own (arrival, or the end after 'until'). */
function singleDay(text: string, today: number): number | null {
  let m: RegExpExecArray | null;
  if (/\bday after tomorrow\b/.test(text)) return today + 2 * DAY_MS;
  if (/\btomorrow\b/.test(text)) return today + DAY_MS;
  if (/\b(today|tonight|this (morning|afternoon|evening))\b/.test(text)) return today;
  if ((m = new RegExp(`\\bin ${COUNT} (day|week)s?\\b`).exec(text))) return today + countOf(m[1]!) * (m[2] === 'week' ? 7 : 1) * DAY_MS;
  if (/\bnext week\b/.test(text)) return nextWeekday(today, 1, false);
  if (/\bthis weekend\b|\bthe weekend\b/.test(text)) return nextWeekday(today, 6, true);
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
  return null;
}

/** Dates of a stay mentioned in the text, or null when it names none. */
export function parseStayDates(input: string, now = new Date()): StayDates | null {
  const text = input.toLowerCase().replace(/\s+/g, ' ');
  const today = todayIn(now);
  let m: RegExpExecArray | null;
  let start: number | null = null;
  let end: number | null = null;

  // Explicit ranges first.
  if ((m = new RegExp(`\\b(\\d{4})-(\\d{2})-(\\d{2})${TO}(\\d{4})-(\\d{2})-(\\d{2})\\b`).exec(text))) {
    const [a, b] = [[m[1], m[2], m[3]], [m[4], m[5], m[6]]].map(([y, mo, d]) => (valid(Number(y), Number(mo), Number(d)) ? utc(Number(y), Number(mo), Number(d)) : null));
    start = a ?? null;
    end = b ?? null;
  } else if ((m = new RegExp(`\\b${MONTH}\\s+${DAY}${YEAR}${TO}(?:${MONTH}\\s+)?${DAY}${YEAR}\\b`).exec(text))) {
    const [, m1, d1, y1, m2, d2, y2] = m;
    start = upcoming(MONTHS[m1!]!, Number(d1), y1 ? Number(y1) : undefined, today);
    if (start !== null) {
      const startYear = new Date(start).getUTCFullYear();
      const endMonth = m2 ? MONTHS[m2]! : MONTHS[m1!]!;
      let endYear = y2 ? Number(y2) : startYear;
      if (!y2 && utc(endYear, endMonth, Number(d2)) < start) endYear += 1; // Dec 28 to Jan 3
      end = valid(endYear, endMonth, Number(d2)) ? utc(endYear, endMonth, Number(d2)) : null;
    }
  } else if ((m = new RegExp(`\\b${DAY}(?:\\s+(?:of\\s+)?${MONTH})?${TO}${DAY}\\s+(?:of\\s+)?${MONTH}${YEAR}\\b`).exec(text))) {
    // "10 to 14 March", "10 March to 14 March"
    const [, d1, m1, d2, m2, y] = m;
    start = upcoming(MONTHS[m1 ?? m2!]!, Number(d1), y ? Number(y) : undefined, today);
    if (start !== null) {
      let endYear = new Date(start).getUTCFullYear();
      if (utc(endYear, MONTHS[m2!]!, Number(d2)) < start) endYear += 1;
      end = valid(endYear, MONTHS[m2!]!, Number(d2)) ? utc(endYear, MONTHS[m2!]!, Number(d2)) : null;
    }
  } else if ((m = /\b(\d{1,2})\/(\d{1,2})(?:\/(\d{2,4}))?\s*(?:to|until|till|through|-|–)\s*(\d{1,2})\/(\d{1,2})(?:\/(\d{2,4}))?\b/.exec(text))) {
    const year = (v?: string) => (v ? (v.length === 2 ? 2000 + Number(v) : Number(v)) : undefined);
    start = upcoming(Number(m[1]), Number(m[2]), year(m[3]), today);
    if (start !== null) {
      let endYear = year(m[6]) ?? new Date(start).getUTCFullYear();
      if (!m[6] && utc(endYear, Number(m[4]), Number(m[5])) < start) endYear += 1;
      end = valid(endYear, Number(m[4]), Number(m[5])) ? utc(endYear, Number(m[4]), Number(m[5])) : null;
    }
  }

  if (start === null) {
    // "until Sunday", "till March 9": an end on its own.
    const until = /\b(?:until|till|til|through|to)\s+(.{3,30})$/.exec(text) ?? /\b(?:until|till|til)\s+(.{3,30})/.exec(text);
    const before = until ? text.slice(0, until.index) : text;
    start = singleDay(before, today);
    if (until && start !== null) {
      const e = singleDay(until[1]!, start);
      if (e !== null && e > start) end = e;
    }
    if (start === null) start = singleDay(text, today); // "to" was just a word ("drive to the airport tomorrow")
  }

  // Durations: "for 3 days", "a week", "overnight", "2 nights".
  const duration = new RegExp(`\\b(?:for\\s+)?${COUNT}\\s+(day|night|week)s?\\b`).exec(text);
  const durationDays = duration && !/\bin\s+$/.test(text.slice(0, duration.index)) ? countOf(duration[1]!) * (duration[2] === 'week' ? 7 : 1) : /\bovernight\b/.test(text) ? 1 : null;

  if (start === null && durationDays === null) return null;
  if (start === null) start = today + DAY_MS; // "for 3 days": from tomorrow
  if (end === null || end <= start) end = start + (durationDays ?? 1) * DAY_MS;
  return { arrivalDate: iso(start), departureDate: iso(end) };
}
