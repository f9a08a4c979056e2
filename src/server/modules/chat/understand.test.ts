// Language understanding of the assistants, table-driven: places, dates and intents in real phrasings.
import { describe, expect, it } from 'vitest';
import { LOCATIONS } from '@db/seed/locations';
import { parseStayDates } from '@/shared/nlu/dates';
import { detectIntents } from '@/shared/nlu/intents';
import { findLocationInText } from './find-location';

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
    ['Chicago O\'Hare long term parking', 'ORD'],
    ['parking in Denver for a week', 'DEN'],
    ['EV charging near Atlanta airport', 'ATL'],
    ['Fort Lauderdale airport parking', 'FLL'],
    ['cruise out of Port Everglades', 'PEV-PORT'],
    ['hello there', null],
    ['how does this work?', null],
    ['is it safe?', null],
    ['parking at Nowhereville', null],
  ])('%s → %s', (text, code) => {
    expect(place(text)).toBe(code);
  });
});

describe('dates in a sentence (today is Monday 2027-02-15)', () => {
  const now = new Date('2027-02-15T15:00:00Z');
  it.each([
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
  ])('%s → %s .. %s', (text, arrival, departure) => {
    expect(parseStayDates(text, now)).toEqual({ arrivalDate: arrival, departureDate: departure });
  });

  it.each(['hello there', 'cheap parking near the Miami cruise port', 'is valet available', 'parking at LAX'])('%s has no dates', (text) => {
    expect(parseStayDates(text, now)).toBeNull();
  });
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
  ])('%s → %j', (text, intents) => {
    expect(detectIntents(text)).toEqual(intents);
  });
});
