// What a traveller is asking about, from keywords: used by the parking assistant (server) and the
// floating assistant's routing (client). Several intents can apply to one message.

export const INTENTS = [
  'greeting',
  'price',
  'closest',
  'rating',
  'security',
  'shuttle',
  'covered',
  'valet',
  'ev',
  'open_24_7',
  'hours',
  'oversize',
  'motorcycle',
  'cancellation',
  'how_it_works',
  'booking_help',
  'access_fee',
] as const;
export type Intent = (typeof INTENTS)[number];

const OPEN_24_7 =
  /\b(24 ?\/ ?7|24-7|24x7|open 24 hours|24 hours a day|24-hours?|24 hour (access|lot|parking|shuttle|service)|open all night|around the clock|round the clock|always open|never close[sd]?|open (all )?day and night|day or night)\b/;

export const INTENT_PATTERNS: Record<Intent, RegExp> = {
  greeting: /^\s*(hi|hello|hey|hiya|howdy|good (morning|afternoon|evening)|greetings|yo)\b/,
  price:
    /\b(cheap|cheapest|cheaper|affordable|budget|price|prices|pricing|priced|cost|costs|how much|rate|rates|deal|deals|inexpensive|lowest|low cost|bargain|save money|least expensive|less expensive|not too expensive|expensive|best value|good value|discount|discounts|per day|daily rate|weekly rate)\b/,
  closest:
    /\b(closest|nearest|closer|near(est)? (to )?the (terminal|gate|airport|port|pier|ship)|close to the (terminal|gate|airport|port|pier|ship|cruise terminal)|next to the (terminal|airport|port|pier)|shortest (walk|ride|drive|distance|shuttle ride)|walking distance|walkable|walk to (the )?(terminal|gate|port|pier|ship)|within walking|short walk|how far|distance|proximity|on-?site|on airport|quickest (to|ride|way)|fastest (to|ride|way))\b/,
  rating:
    /\b((best|top|highest|well|highly|better)[ -]rated|best[ -]reviewed|(good|great|best|top|positive) reviews|highest rating|best rating|ratings?|reviews|stars|recommend(ed)?|most popular|reputable|trusted|trustworthy|reliable|best (lot|lots|one|option|options|place|spot|parking))\b/,
  security: /\b(secure|security|safe|safety|guarded|guards?|cameras?|cctv|patrol(led)?|fenced|gated|well lit)\b/,
  shuttle:
    /\b(shuttles?|transfer|transfers|ride to the (terminal|airport|port|ship|pier)|get to the (terminal|airport|port|ship|pier)|take (me|us) to the (terminal|airport|port|ship|pier)|drop (me|us) off|pick (me|us) up|courtesy (van|bus)|tram|(return |shuttle )?pick-?up (time|times|schedule|point|location|spot)|return pick-?up)\b/,
  covered:
    /\b(covered|garage|indoor|indoors|under cover|roof(ed)?|shade|shaded|parking (structure|deck)|multi-?stor(e)?y|out of the (sun|rain|snow|weather)|protected from (the )?(sun|weather|rain|snow|hail)|hail|weather-?proof)\b/,
  valet: /\b(valet|valets|park (my|the) car for me|someone (to )?park (it|my car)|hand (over )?(my|the) keys)\b/,
  ev: /\b(ev|evs|electric( vehicle| vehicles| car| cars)?|charging|charger|chargers|charge my (car|vehicle|tesla)|tesla|plug in|plug-in|hybrid|supercharger)\b/,
  open_24_7: OPEN_24_7,
  hours: new RegExp(
    `${OPEN_24_7.source}|\\b(hours of operation|opening hours|business hours|operating hours|office hours|(what|which) (are the |are their |are its |are your )?hours|open(ing)? times?|what time|when (does|do|is|are) (it|the lot|they|the lots?|the office|[a-z' ]{1,30}?) (open|close|closed|opening|closing)|closing time|(be|stay|stays|still) (open|closed)|(is|are) (it|they|the lot|the lots|the garage|the office|this lot|that lot|[a-z]+ lot) (open|closed)|opens( at| until| till| late| early)?|open (now|today|tonight|right now|at \\d|until|till)|close (at|early)|closes|closing|closed|open (late|early|at night|overnight|until|till|on (weekends|sundays|holidays|christmas|thanksgiving))|(?<!\\d ?)(?<!\\d-)hours(?! before)|late at night|middle of the night|after midnight|red-?eye|early (morning )?flight|(first|last) shuttle)\\b`,
  ),
  oversize:
    /\b(oversized?|over-?sized?|rvs?|r\.v\.?|motor ?homes?|campers?|camper ?vans?|trailers?|tow(ing)? vehicles?|towing|trucks?|pick-?up trucks?|f-?150s?|large (vehicle|car|suv|van|truck)s?|big (vehicle|car|suv|van|truck|rig)s?|tall (vehicle|van)s?|height (limit|restriction|clearance)s?|clearance|low ceilings?|box trucks?|sprinters?( vans?)?|full-?size vans?|cargo vans?|passenger vans?|15 passenger|dually|fifth wheel|5th wheel|boat trailers?|limo|limos|limousines?|commercial vehicles?)\b/,
  motorcycle: /\b(motorcycles?|motorbikes?|motor bikes?|scooters?|mopeds?|harley)\b/,
  cancellation:
    /\b(cancel|cancels|cancelled|canceled|cancelling|canceling|cancellation|cancellations|refund|refunds|refunded|refundable|non-refundable|money back|change my (booking|reservation|dates)|modify (my )?(booking|reservation)|reschedule|plans change|change of plans|free cancellation|flight (is |gets )?(cancelled|canceled))\b/,
  how_it_works: /\b(how (does|do) (this|it|you|parkpilot) work|how it works|what (is|are) (this|you|parkpilot)|what do you do|who are you)\b/,
  // What the $0.99 detail fee is and what it gets ("what do I get for 99 cents?", "why is it locked?").
  access_fee:
    /(\$\s?0?\.99|(?<![\d.$])0?\.99(?!\d)|\b99\s?(c|cents?|¢)(?![a-z])|\b(access|detail|details|unlock|information) fee\b|\bunlock(s|ed|ing)?\b|\b(why|what) (is|are) (it |the (details?|lots?|prices?) )?(locked|hidden|blurred)\b|\bpay to see\b|\bwhy (do|should|must) i pay\b|\bwhat (do|does) (i|the fee|it) get\b)/,
  booking_help:
    /\b(how (do|can) i (book|reserve|pay)|help (me )?(book|with (a |my )?booking)|booking help|make a (booking|reservation)|can i book|want to book|book (a |my )?(spot|space|parking))\b/,
};

export function detectIntents(text: string): Intent[] {
  const t = text.toLowerCase().replace(/[’‘`]/g, "'");
  return INTENTS.filter((i) => INTENT_PATTERNS[i].test(t));
}

/** Words that say the traveller wants parking somewhere (a search), even without a known place. */
export const PARKING_WORDS = /\b(park|parking|lot|lots|garage|airport|cruise|port|terminal|flight|flying|sailing|search|find)\b/i;
