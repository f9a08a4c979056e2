// Language understanding of the assistants, table-driven: places, dates, intents, and the results filters and
// sort in real phrasings.
import { describe, expect, it } from 'vitest';
import { LOCATIONS } from '@db/seed/locations';
import { parseStay, parseStayDates } from '@/shared/nlu/dates';
import { detectIntents } from '@/shared/nlu/intents';
import { amenitiesIn, sortIn } from '@/shared/nlu/search-filters';
import { findLocationInText } from './find-location';
import { sameDayStay, soonestArrival } from './same-day';

const catalogue = LOCATIONS.map((l, i) => ({ ...l, id: i + 1, aliases: l.aliases ?? [] }));
const place = (text: string) => findLocationInText(catalogue, text)?.code ?? null;

describe('places in a sentence', () => {
  it.each([
    ['I need parking at LAX from March 3 to March 7', 'LAX'],
    ['parking near LAX', 'LAX'],
    ['parking near lax', 'LAX'],
    ['cheap parking near the Miami cruise port', 'MIA-PORT'],
    ['the Miami cruise port', 'MIA-PORT'],
    ['parking in Miami', 'MIA'],
    ['flying out of Orlando next week', 'MCO'],
    ['MCO parking next Friday for 3 days', 'MCO'],
    ['parking at mco', 'MCO'],
    ['Port Canaveral parking for a cruise', 'PCV-PORT'],
    ['sailing from Galveston in June', 'GLS-PORT'],
    ['what does parking at JFK cost?', 'JFK'],
    ['any covered lots at Newark?', 'EWR'],
    ['parking at orlnado tomorrow', 'MCO'],
    ['I fly from Seattle on Friday', 'SEA'],
    ['Seattle cruise terminal parking', 'SEA-PORT'],
    ['valet at SFO', 'SFO'],
    ["Chicago O'Hare long term parking", 'ORD'],
    ['parking in Denver for a week', 'DEN'],
    ['EV charging near Atlanta airport', 'ATL'],
    ['Fort Lauderdale airport parking', 'FLL'],
    ['cruise out of Port Everglades', 'PEV-PORT'],
    // Travellers' own phrasings
    ['BOS for a week', 'BOS'],
    ['bos for a week', 'BOS'],
    ['lax', 'LAX'],
    ['jfk valet', 'JFK'],
    ['mco parking tomorrow', 'MCO'],
    ['ord covered parking', 'ORD'],
    ['how about jfk?', 'JFK'],
    ['what about ewr', 'EWR'],
    ['and at LGA?', 'LGA'],
    ['flying out of Logan on the 12th', 'BOS'],
    ['Boston Logan valet', 'BOS'],
    ['Boston cruise port', 'BOS-PORT'],
    ['cheapest lot at Newark for Thanksgiving weekend', 'EWR'],
    ['I fly out of Dulles the 12th and come back the 19th', 'IAD'],
    ['Reagan National parking over Christmas', 'DCA'],
    ['parking near Hartsfield-Jackson', 'ATL'],
    ["O'Hare for 4th of July", 'ORD'],
    ['Midway airport', 'MDW'],
    ['Vegas airport parking', 'LAS'],
    ['Love Field', 'DAL'],
    ['Houston Hobby', 'HOU'],
    ['Sea-Tac covered parking', 'SEA'],
    ['Long Beach cruise terminal', 'LGB-PORT'],
    ['Cape Liberty cruise port', 'CLP-PORT'],
    ['Brooklyn cruise terminal', 'BKN-PORT'],
    ['Manhattan cruise terminal', 'NYC-PORT'],
    ['Tampa cruise port', 'TPA-PORT'],
    ['JAXPORT', 'JAX-PORT'],
    ['New Orleans cruise', 'NOLA-PORT'],
    ['Philly airport', 'PHL'],
    ['Twin Cities airport', 'MSP'],
    ['Sky Harbor', 'PHX'],
    ['John Wayne airport', 'SNA'],
    ['RV parking at Port Canaveral', 'PCV-PORT'],
    ['can I park my truck at DEN', 'DEN'],
    ['Raleigh Durham', 'RDU'],
    ['hello there', null],
    ['how does this work?', null],
    ['is it safe?', null],
    ['parking at Nowhereville', null],
    ['cheapest lot', null],
    ['sea for a week', null], // lower-case codes that are words stay words
    ['pit stop', null],
  ])('%s → %s', (text, code) => {
    expect(place(text)).toBe(code);
  });
});

const range = (now: string, rows: [string, string, string][]) =>
  it.each(rows)('%s → %s .. %s', (text, arrival, departure) => {
    expect(parseStayDates(text, new Date(now))).toEqual({ arrivalDate: arrival, departureDate: departure });
  });

describe('dates in a sentence (today is Monday 2027-02-15)', () => {
  range('2027-02-15T15:00:00Z', [
    ['from March 3 to March 7', '2027-03-03', '2027-03-07'],
    ['I need parking at LAX from March 3 to March 7', '2027-03-03', '2027-03-07'],
    ['March 3 to 7', '2027-03-03', '2027-03-07'],
    ['March 3-7', '2027-03-03', '2027-03-07'],
    ['mar 3rd - mar 9th', '2027-03-03', '2027-03-09'],
    ['2027-04-01 to 2027-04-05', '2027-04-01', '2027-04-05'],
    ['December 28 to January 3', '2027-12-28', '2028-01-03'],
    ['January 10 to 12', '2028-01-10', '2028-01-12'], // passed this year: next year
    ['3/3 to 3/7', '2027-03-03', '2027-03-07'],
    ['tomorrow', '2027-02-16', '2027-02-17'],
    ['tomorrow for 3 days', '2027-02-16', '2027-02-19'],
    ['today until Friday', '2027-02-15', '2027-02-19'],
    ['next Friday for 3 days', '2027-02-19', '2027-02-22'],
    ['parking at MCO next Friday for 3 days', '2027-02-19', '2027-02-22'],
    ['on Wednesday', '2027-02-17', '2027-02-18'],
    ['for 3 days', '2027-02-16', '2027-02-19'],
    ['for a week', '2027-02-16', '2027-02-23'],
    ['two nights from March 10', '2027-03-10', '2027-03-12'],
    ['on March 10 for 5 days', '2027-03-10', '2027-03-15'],
    ['in 3 days', '2027-02-18', '2027-02-19'],
    ['next friday to sunday', '2027-02-19', '2027-02-21'],
    ['drive to the airport tomorrow', '2027-02-16', '2027-02-17'],
    ['this weekend', '2027-02-20', '2027-02-21'],
    ['10 march to 14 march', '2027-03-10', '2027-03-14'],
    ['from 10 to 14 March', '2027-03-10', '2027-03-14'],
    // Days of the month alone: the next 12th from today (the 15th), then the 19th after it.
    ['I fly out on the 12th and come back the 19th', '2027-03-12', '2027-03-19'],
    ['12th-19th', '2027-03-12', '2027-03-19'],
    ['the 12th to the 19th', '2027-03-12', '2027-03-19'],
    ['from the 3rd through the 10th', '2027-03-03', '2027-03-10'],
    ['between the 5th and the 9th', '2027-03-05', '2027-03-09'],
    ['leaving the 20th, back the 2nd', '2027-02-20', '2027-03-02'], // across the end of February
    ['out on the 28th, returning on the 3rd', '2027-02-28', '2027-03-03'],
    ['the 29th to the 3rd', '2027-03-29', '2027-04-03'], // no Feb 29 in 2027
    ['on the 31st', '2027-03-31', '2027-04-01'],
    ['the 20th for 4 days', '2027-02-20', '2027-02-24'],
    ['today until the 19th', '2027-02-15', '2027-02-19'],
    ['March 30 to the 2nd', '2027-03-30', '2027-04-02'],
    ['I fly out March 12th and come back the 19th', '2027-03-12', '2027-03-19'],
    ['Mar 12 and back on Mar 19', '2027-03-12', '2027-03-19'],
    ['between March 3 and March 7', '2027-03-03', '2027-03-07'],
    ['from the 3rd to the 10th of March', '2027-03-03', '2027-03-10'],
    ['a fortnight', '2027-02-16', '2027-03-02'],
    ['out the 1st back the 8th', '2027-03-01', '2027-03-08'],
    ['flying out friday the 19th, back the 26th', '2027-02-19', '2027-02-26'],
    ['fly out friday and come back monday', '2027-02-19', '2027-02-22'],
    ['I land on the 5th at 3pm', '2027-03-05', '2027-03-06'],
    ['from the 3rd of march to the 7th of march', '2027-03-03', '2027-03-07'],
    ['April 30 - May 3', '2027-04-30', '2027-05-03'],
    // Holidays (holidays.ts): seasons are the trip around them, days are one day.
    ['Thanksgiving weekend', '2027-11-25', '2027-11-28'],
    ['over Thanksgiving', '2027-11-25', '2027-11-28'],
    ['Thanksgiving week', '2027-11-20', '2027-11-28'],
    ['Thanksgiving Day', '2027-11-25', '2027-11-26'],
    ['Black Friday', '2027-11-26', '2027-11-27'],
    ['Thanksgiving weekend for 5 days', '2027-11-25', '2027-11-30'],
    ['thanksgiving weekend until monday', '2027-11-25', '2027-11-29'],
    ['Christmas week', '2027-12-24', '2027-12-31'],
    ['over Christmas', '2027-12-24', '2027-12-31'],
    ['xmas break', '2027-12-24', '2027-12-31'],
    ['Christmas Eve', '2027-12-24', '2027-12-25'],
    ['Christmas Day', '2027-12-25', '2027-12-26'],
    ['July 4th', '2027-07-04', '2027-07-05'],
    ['4th of July', '2027-07-04', '2027-07-05'],
    ['fourth of july', '2027-07-04', '2027-07-05'],
    ['Independence Day', '2027-07-04', '2027-07-05'],
    ['4th of July for 3 days', '2027-07-04', '2027-07-07'],
    ['July 4th weekend', '2027-07-03', '2027-07-05'], // the 4th is a Sunday: Saturday to Monday
    ['Memorial Day weekend', '2027-05-29', '2027-05-31'],
    ['memorial weekend', '2027-05-29', '2027-05-31'],
    ['Memorial Day', '2027-05-31', '2027-06-01'],
    ['Labor Day weekend', '2027-09-04', '2027-09-06'],
    ['labour day long weekend', '2027-09-04', '2027-09-06'],
    ['Labor Day weekend 2028', '2028-09-02', '2028-09-04'],
    ["New Year's", '2027-12-31', '2028-01-02'],
    ['New Year’s Eve', '2027-12-31', '2028-01-02'],
    ['NYE', '2027-12-31', '2028-01-02'],
    ['New Years Day', '2028-01-01', '2028-01-02'],
    ["Christmas to New Year's", '2027-12-25', '2028-01-01'],
    ["between Christmas and New Year's", '2027-12-25', '2028-01-01'],
    ["from Christmas Eve until New Year's Day", '2027-12-24', '2028-01-01'],
    ['from Dec 20 until Christmas', '2027-12-20', '2027-12-25'],
    ['Easter weekend', '2027-03-26', '2027-03-28'],
    ['Columbus Day weekend', '2027-10-09', '2027-10-11'],
    ['MLK weekend', '2028-01-15', '2028-01-17'],
    ['Presidents Day weekend', '2028-02-19', '2028-02-21'], // this year's ends today
    ['Thanksgiving 2028', '2028-11-23', '2028-11-26'],
    ["parking at JFK for New Year's", '2027-12-31', '2028-01-02'],
    ['BOS for Christmas week', '2027-12-24', '2027-12-31'],
  ]);

  it.each([
    'hello there',
    'cheap parking near the Miami cruise port',
    'is valet available',
    'parking at LAX',
    '12 to 19',
    'the 2nd cheapest lot',
    'is it open 24/7',
    'terminal 4 to 8',
  ])('%s has no dates', (text) => {
    expect(parseStayDates(text, new Date('2027-02-15T15:00:00Z'))).toBeNull();
  });
});

describe('dates across the end of the year (today is Monday 2027-12-20)', () => {
  range('2027-12-20T15:00:00Z', [
    ['the 28th to the 3rd', '2027-12-28', '2028-01-03'],
    ['12th-19th', '2028-01-12', '2028-01-19'],
    ['on the 19th', '2028-01-19', '2028-01-20'],
    ['Christmas week', '2027-12-24', '2027-12-31'],
    ["New Year's", '2027-12-31', '2028-01-02'],
    ["New Year's Day", '2028-01-01', '2028-01-02'],
    ['Thanksgiving weekend', '2028-11-23', '2028-11-26'], // this year's has passed
    ['December 30 to January 2', '2027-12-30', '2028-01-02'],
  ]);
});

describe('dates across the end of a month (today is 2027-01-25)', () => {
  range('2027-01-25T15:00:00Z', [
    ['the 30th to the 2nd', '2027-01-30', '2027-02-02'],
    ['the 26th-5th', '2027-01-26', '2027-02-05'],
    ['on the 30th', '2027-01-30', '2027-01-31'],
    ['the 31st for 3 days', '2027-01-31', '2027-02-03'],
  ]);
});

describe('"next weekend" is the weekend after this one', () => {
  // Saturday to Sunday, as "this weekend" is; a week after this weekend's Saturday.
  range('2027-02-15T15:00:00Z', [
    ['next weekend', '2027-02-27', '2027-02-28'],
    ['parking at MCO next weekend', '2027-02-27', '2027-02-28'],
    ['this weekend', '2027-02-20', '2027-02-21'],
  ]); // a Monday
  range('2027-02-19T15:00:00Z', [['next weekend', '2027-02-27', '2027-02-28']]); // a Friday
  range('2027-02-20T15:00:00Z', [['next weekend', '2027-02-27', '2027-02-28']]); // a Saturday: this weekend is today
  range('2027-02-21T15:00:00Z', [
    ['next weekend', '2027-02-27', '2027-02-28'],
    ['next weekend for 3 days', '2027-02-27', '2027-03-02'],
  ]); // a Sunday
});

describe('"today" is the place\'s own date when it is known', () => {
  it('10 PM in San Francisco is already tomorrow in New York, but "tonight" there is still today', () => {
    const at = new Date('2027-02-16T06:00:00Z'); // Feb 15, 10 PM Pacific; Feb 16, 1 AM Eastern
    expect(parseStay('tonight until friday', at, 'America/Los_Angeles')).toMatchObject({ dates: { arrivalDate: '2027-02-15', departureDate: '2027-02-19' }, startTime: '18:00' });
    expect(parseStay('tonight until friday', at)!.dates.arrivalDate).toBe('2027-02-16');
    expect(parseStay('this morning', at, 'America/Los_Angeles')!.startTime).toBe('06:00');
    expect(parseStay('tomorrow night', at, 'America/Los_Angeles')!.startTime).toBeNull(); // not today: no time
  });
});

describe('a start today is never in the past ("SFO tonight until friday" at any time of day)', () => {
  const stay = { arrivalDate: '2027-02-15', departureDate: '2027-02-19' };
  const pacific = (hhmm: string) => new Date(Date.parse(`2027-02-15T${hhmm}:00Z`) + 8 * 3_600_000); // PST = UTC-8
  it.each([
    ['06:00', '18:00', false], // tonight is still ahead: 6 PM
    ['15:00', '18:00', false],
    ['17:40', '18:30', true], // 6 PM is less than half an hour away: the soonest arrival
    ['21:10', '22:00', true],
    ['23:50', '2027-02-16T00:30', true], // past midnight: tomorrow's date, still before Friday
  ])('asked at %s: arrival %s', (now, arrival, moved) => {
    const result = sameDayStay(stay, '18:00', 'CA', pacific(now));
    expect(result.dates.arrivalDate).toBe(arrival.length === 5 ? `2027-02-15T${arrival}` : arrival);
    expect(result.dates.departureDate).toBe('2027-02-19');
    expect(result.moved).toBe(moved);
  });
  it('"today" alone starts at the soonest arrival; a later day keeps its date; a departure overtaken moves on', () => {
    expect(sameDayStay(stay, null, 'CA', pacific('15:07')).dates.arrivalDate).toBe('2027-02-15T16:00');
    expect(sameDayStay({ arrivalDate: '2027-02-16', departureDate: '2027-02-17' }, null, 'CA', pacific('15:07')).dates).toEqual({
      arrivalDate: '2027-02-16',
      departureDate: '2027-02-17',
    });
    expect(sameDayStay({ arrivalDate: '2027-02-15', departureDate: '2027-02-16' }, null, 'CA', pacific('23:45')).dates).toEqual({
      arrivalDate: '2027-02-16T00:30',
      departureDate: '2027-02-17T00:30',
    });
    expect(soonestArrival('2027-02-15T15:00')).toBe('2027-02-15T15:30');
    expect(soonestArrival('2027-02-15T15:01')).toBe('2027-02-15T16:00');
  });
});

describe('today is the US Eastern date (03:00 UTC on Mar 1 is still Feb 28 in New York)', () => {
  range('2027-03-01T03:00:00Z', [
    ['on the 28th', '2027-02-28', '2027-03-01'],
    ['today until the 3rd', '2027-02-28', '2027-03-03'],
  ]);
});

describe('intents', () => {
  it.each([
    ['hello there', ['greeting']],
    ['Hi! cheap parking at MCO?', ['greeting', 'price']],
    ['what is the cheapest lot', ['price']],
    ['how much is parking at LAX', ['price']],
    ['is it safe to leave my car?', ['security']],
    ['do they have security cameras', ['security']],
    ['how often does the shuttle run', ['shuttle']],
    ['I want covered parking', ['covered']],
    ['is there valet', ['valet']],
    ['I need EV charging for my Tesla', ['ev']],
    ['can I cancel and get a refund', ['cancellation']],
    ['how does this work?', ['how_it_works']],
    ['how do I book a spot', ['booking_help']],
    ['parking at LAX from March 3 to March 7', []],
    // cheapest
    ['least expensive lot at MCO', ['price']],
    ["I'm on a budget", ['price']],
    ['best deal near JFK', ['price']],
    // closest
    ['closest lot to the terminal', ['closest']],
    ['nearest parking', ['closest']],
    ['anything within walking distance?', ['closest']],
    ['how far is it from the airport', ['closest']],
    // rating
    ['best rated lots', ['rating']],
    ['which lot has the best reviews', ['rating']],
    ['top-rated valet at BOS', ['rating', 'valet']],
    // valet, covered, EV
    ['any with valet?', ['valet']],
    ['can someone park my car for me', ['valet']],
    ['indoor garage', ['covered']],
    ['I want my car out of the sun', ['covered']],
    ['charger for my Tesla', ['ev']],
    ['plug-in hybrid', ['ev']],
    // shuttle
    ['is there a shuttle', ['shuttle']],
    ['what time is the first shuttle', ['shuttle', 'hours']],
    ['return pick-up time after the cruise', ['shuttle']],
    // oversize vehicles
    ['can I park my RV', ['oversize']],
    ['do you take trailers?', ['oversize']],
    ['parking for my pickup truck', ['oversize']],
    ['is there a height limit', ['oversize']],
    ['oversized vehicle parking', ['oversize']],
    ['room for a motorhome', ['oversize']],
    ['can I bring a camper van', ['oversize']],
    ['motorcycle parking', ['motorcycle']],
    // hours
    ['what are the hours', ['hours']],
    ['what time does it close', ['hours']],
    ['is it open on sundays', ['hours']],
    ['my flight is at 5am, will it be open', ['hours']],
    ['is the lot open 24/7', ['open_24_7', 'hours']],
    ['open all night?', ['open_24_7', 'hours']],
    ['parking for 24 hours', []],
    ['close to the terminal please', ['closest']],
    // cancellation
    ['what is the refund policy', ['cancellation']],
    ['free cancellation?', ['cancellation']],
    ['what if my flight is cancelled', ['cancellation']],
    ['can I cancel 24 hours before', ['cancellation']],
    // the detail fee
    ['what does the $0.99 fee get me?', ['access_fee']],
    ['what do I get for 99 cents', ['access_fee']],
    ['why are the details locked?', ['access_fee']],
    ['why do I have to pay to see the lots', ['access_fee']],
    ['what is the access fee', ['access_fee']],
    ['is the unlock fee refundable', ['cancellation', 'access_fee']],
    ['what does .99 get me', ['access_fee']],
  ])('%s → %j', (text, intents) => {
    expect(detectIntents(text)).toEqual(intents);
  });
});

describe('results filters and sort', () => {
  it.each([
    ['cheapest parking at BOS', 'price', []],
    ['lowest price please', 'price', []],
    ['sort by price', 'price', []],
    ['closest lot with EV charging', 'distance', ['ev']],
    ['within walking distance of the terminal', 'distance', []],
    ['nearest covered garage', 'distance', ['covered']],
    ['best rated valet', 'rating', ['valet']],
    ['top rated lots with a shuttle', 'rating', ['shuttle']],
    ['cheapest covered lot near the terminal', 'price', ['covered']],
    ['closest, and cheap if possible', 'distance', []],
    ['any with valet?', null, ['valet']],
    ['covered with EV charging, open 24/7', null, ['covered', 'ev', '24/7']],
    ["I don't need valet, just covered", null, ['covered']],
    ['no shuttle, just the cheapest', 'price', []],
    ['parking at BOS for a week', null, []],
  ])('%s → sort %s, amenities %j', (text, sort, amenities) => {
    expect(sortIn(text)).toBe(sort);
    expect(amenitiesIn(text)).toEqual(amenities);
  });
});
