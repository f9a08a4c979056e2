// US travel holidays in free text, for the date parser. Each holiday is a stay window: arrival on its first
// day, departure on its last day ("Memorial Day weekend" is Saturday to Monday). Choices:
// - Seasons read as the trip around them: "Thanksgiving" / "Thanksgiving weekend" is Thursday → Sunday,
//   "Thanksgiving week" the Saturday before → the Sunday after, "Christmas" / "Christmas week" / "over
//   Christmas" Dec 24 → Dec 31 (Christmas Eve to New Year's Eve), "New Year's" / "New Year's Eve" Dec 31 →
//   Jan 2, "Easter" / "Easter weekend" Good Friday → Easter Sunday.
// - Days read as one day (arrival that day, departure the next): "July 4th", "4th of July", "Christmas
//   Day", "Christmas Eve", "New Year's Day", "Memorial Day", "Labor Day", "Thanksgiving Day", "Black Friday".
// - "<Monday holiday> weekend" (Memorial, Labor, MLK, Presidents', Columbus) is Saturday → Monday; "July 4th
//   weekend" is the long weekend around the 4th (Sat → Mon when it falls on a Sunday or Monday, Fri → Sun
//   when on a Friday or Saturday, the 4th → Sunday mid-week).
// - As the end of a range a holiday stands for its day ("Christmas to New Year's" is Dec 25 → Jan 1) and
//   an explicit weekend or week for its last day ("until Labor Day weekend" ends on the Monday).
// The next occurrence is used: this year's, or next year's once its window is over; a year can follow
// ("Thanksgiving 2028"). A window already under way starts today.
import { addDays, easter, nthWeekday, utc, yearOf } from './calendar';

interface Span {
  start: number;
  end: number;
  /** The one day the name stands for inside a range ("from Christmas"); the window's ends otherwise. */
  point?: number;
}
interface Holiday {
  re: RegExp;
  span: (year: number) => Span;
}

const WEEKEND = '(?:long\\s+|holiday\\s+)?(?:weekend|wknd|wkend|week-end)';
const single = (day: number): Span => ({ start: day, end: addDays(day, 1), point: day });
const range = (start: number, end: number, point?: number): Span => (point === undefined ? { start, end } : { start, end, point });
const mondayWeekend = (monday: number): Span => range(addDays(monday, -2), monday);

const thanksgiving = (y: number) => nthWeekday(y, 11, 4, 4);
const memorialDay = (y: number) => nthWeekday(y, 5, 1, -1);
const laborDay = (y: number) => nthWeekday(y, 9, 1, 1);
const mlkDay = (y: number) => nthWeekday(y, 1, 1, 3);
const presidentsDay = (y: number) => nthWeekday(y, 2, 1, 3);
const columbusDay = (y: number) => nthWeekday(y, 10, 1, 2);

/** The long weekend around July 4th, by the weekday it falls on (Sunday first). */
function independenceWeekend(y: number): Span {
  const day = utc(y, 7, 4);
  const dow = new Date(day).getUTCDay();
  return range(addDays(day, [-1, -2, -3, 0, 0, 0, -1][dow]!), addDays(day, [1, 0, 0, 4, 3, 2, 1][dow]!));
}

const JULY4 = '(?:july\\s+4(?:th)?(?!\\d)|july\\s+fourth|(?:4th|fourth)\\s+of\\s+july|independence\\s+day)';
const MLK = '(?:mlk|martin\\s+luther\\s+king(?:\\s+jr\\.?)?)';
const PRESIDENTS = '(?:presidents?|washingtons?\\s+birthday)';
const COLUMBUS = '(?:columbus|indigenous\\s+peoples?)';

/** Most specific first: "Christmas Eve" before "Christmas", "Labor Day weekend" before "Labor Day". */
const HOLIDAYS: Holiday[] = [
  { re: /\bthanksgiving\s+week\b/, span: (y) => range(addDays(thanksgiving(y), -5), addDays(thanksgiving(y), 3)) },
  { re: /\b(?:thanksgiving|turkey)\s+day\b/, span: (y) => single(thanksgiving(y)) },
  { re: /\b(?:black\s+friday|(?:the\s+)?day\s+after\s+thanksgiving)\b/, span: (y) => single(addDays(thanksgiving(y), 1)) },
  { re: new RegExp(`\\bthanksgiving\\s+(?:${WEEKEND}|break|holidays?|vacation)\\b`), span: (y) => range(thanksgiving(y), addDays(thanksgiving(y), 3)) },
  { re: /\bthanksgiving\b/, span: (y) => range(thanksgiving(y), addDays(thanksgiving(y), 3), thanksgiving(y)) },
  { re: /\b(?:christmas|xmas)\s+eve\b/, span: (y) => single(utc(y, 12, 24)) },
  { re: /\b(?:christmas|xmas)\s+day\b/, span: (y) => single(utc(y, 12, 25)) },
  { re: /\bboxing\s+day\b/, span: (y) => single(utc(y, 12, 26)) },
  { re: new RegExp(`\\b(?:christmas|xmas)\\s+(?:week|${WEEKEND}|break|holidays?|vacation|time)\\b`), span: (y) => range(utc(y, 12, 24), utc(y, 12, 31)) },
  { re: /\b(?:christmas|xmas)\b/, span: (y) => range(utc(y, 12, 24), utc(y, 12, 31), utc(y, 12, 25)) },
  { re: /\bnew\s+years?\s+day\b/, span: (y) => single(utc(y, 1, 1)) },
  { re: /\b(?:new\s+years?\s+eve|nye)\b/, span: (y) => range(utc(y, 12, 31), utc(y + 1, 1, 2), utc(y, 12, 31)) },
  { re: new RegExp(`\\bnew\\s+years?\\s+(?:${WEEKEND}|break|holidays?)\\b`), span: (y) => range(utc(y, 12, 31), utc(y + 1, 1, 2)) },
  { re: /\bnew\s+years?\b/, span: (y) => range(utc(y, 12, 31), utc(y + 1, 1, 2), utc(y + 1, 1, 1)) },
  { re: new RegExp(`\\b${JULY4}\\s+${WEEKEND}\\b`), span: independenceWeekend },
  { re: new RegExp(`\\b${JULY4}`), span: (y) => single(utc(y, 7, 4)) },
  { re: new RegExp(`\\bmemorial\\s+(?:day\\s+)?${WEEKEND}\\b`), span: (y) => mondayWeekend(memorialDay(y)) },
  { re: /\bmemorial\s+day\b/, span: (y) => single(memorialDay(y)) },
  { re: new RegExp(`\\blabou?r\\s+(?:day\\s+)?${WEEKEND}\\b`), span: (y) => mondayWeekend(laborDay(y)) },
  { re: /\blabou?r\s+day\b/, span: (y) => single(laborDay(y)) },
  { re: new RegExp(`\\b${MLK}\\s+(?:day\\s+)?${WEEKEND}\\b`), span: (y) => mondayWeekend(mlkDay(y)) },
  { re: new RegExp(`\\b${MLK}\\s+day\\b`), span: (y) => single(mlkDay(y)) },
  { re: new RegExp(`\\b${PRESIDENTS}\\s+(?:day\\s+)?${WEEKEND}\\b`), span: (y) => mondayWeekend(presidentsDay(y)) },
  { re: new RegExp(`\\b${PRESIDENTS}\\s+day\\b`), span: (y) => single(presidentsDay(y)) },
  { re: new RegExp(`\\b${COLUMBUS}\\s+(?:day\\s+)?${WEEKEND}\\b`), span: (y) => mondayWeekend(columbusDay(y)) },
  { re: new RegExp(`\\b${COLUMBUS}\\s+day\\b`), span: (y) => single(columbusDay(y)) },
  { re: /\bveterans\s+day\b/, span: (y) => single(utc(y, 11, 11)) },
  { re: /\bgood\s+friday\b/, span: (y) => single(addDays(easter(y), -2)) },
  { re: /\beaster\s+(?:sunday|day)\b/, span: (y) => single(easter(y)) },
  { re: /\beaster\s+monday\b/, span: (y) => single(addDays(easter(y), 1)) },
  { re: new RegExp(`\\beaster\\s+(?:${WEEKEND}|break|holidays?)\\b`), span: (y) => range(addDays(easter(y), -2), easter(y)) },
  { re: /\beaster\b/, span: (y) => range(addDays(easter(y), -2), easter(y), easter(y)) },
  { re: /\bvalentines?(?:\s+day)?\b/, span: (y) => single(utc(y, 2, 14)) },
  { re: /\bhalloween\b/, span: (y) => single(utc(y, 10, 31)) },
];

export interface HolidayDates {
  /** The holiday's own stay (arrival, departure). */
  start: number;
  end: number;
  /** The day it stands for at the start of a range ("from Christmas to ..."). */
  from: number;
  /** The day it stands for at the end of a range ("... until Labor Day weekend"). */
  to: number;
}

/** The first holiday named in the text, on or after `ref` (a day), or null. */
export function holidayIn(input: string, ref: number): HolidayDates | null {
  const text = input
    .toLowerCase()
    .replace(/['’‘`]/g, '')
    .replace(/\s+/g, ' ');
  for (const h of HOLIDAYS) {
    const m = h.re.exec(text);
    if (!m) continue;
    const year = /^\s*,?\s*(20\d{2})\b/.exec(text.slice(m.index + m[0].length))?.[1];
    const spans = year ? [h.span(Number(year))] : [-1, 0, 1, 2].map((k) => h.span(yearOf(ref) + k));
    const stay = spans.find((s) => s.end > ref) ?? spans[spans.length - 1]!;
    const from = spans.find((s) => (s.point ?? s.start) >= ref) ?? stay;
    const to = spans.find((s) => (s.point ?? s.end) > ref) ?? stay;
    return { start: Math.max(stay.start, year ? stay.start : ref), end: stay.end, from: from.point ?? from.start, to: to.point ?? to.end };
  }
  return null;
}
