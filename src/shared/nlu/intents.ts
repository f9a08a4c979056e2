// What a traveller is asking about, from keywords: used by the parking assistant (server) and the
// floating assistant's routing (client). Several intents can apply to one message.

export const INTENTS = ['greeting', 'price', 'security', 'shuttle', 'covered', 'valet', 'ev', 'cancellation', 'how_it_works', 'booking_help'] as const;
export type Intent = (typeof INTENTS)[number];

const PATTERNS: Record<Intent, RegExp> = {
  greeting: /^\s*(hi|hello|hey|hiya|howdy|good (morning|afternoon|evening)|greetings|yo)\b/,
  price: /\b(cheap|cheapest|cheaper|affordable|budget|price|prices|pricing|cost|costs|how much|rate|rates|deal|deals|inexpensive|lowest|low cost|bargain|save money)\b/,
  security: /\b(secure|security|safe|safety|guarded|guards?|cameras?|cctv|patrol(led)?|fenced|gated|well lit)\b/,
  shuttle: /\b(shuttles?|transfer|ride to the (terminal|airport|port|ship)|get to the (terminal|airport|port|ship))\b/,
  covered: /\b(covered|garage|indoor|under cover|roof(ed)?|shade|shaded)\b/,
  valet: /\bvalet\b/,
  ev: /\b(ev|evs|electric( vehicle| car)?|charging|charger|chargers|tesla|plug in)\b/,
  cancellation: /\b(cancel|cancels|cancelled|canceled|cancellation|refund|refunds|refundable|money back|change my (booking|reservation))\b/,
  how_it_works: /\b(how (does|do) (this|it|you|parkpilot) work|how it works|what (is|are) (this|you|parkpilot)|what do you do|who are you)\b/,
  booking_help: /\b(how (do|can) i (book|reserve|pay)|help (me )?(book|with (a |my )?booking)|booking help|make a (booking|reservation)|can i book|want to book|book (a |my )?(spot|space|parking))\b/,
};

export function detectIntents(text: string): Intent[] {
  const t = text.toLowerCase();
  return INTENTS.filter((i) => PATTERNS[i].test(t));
}

/** Words that say the traveller wants parking somewhere (a search), even without a known place. */
export const PARKING_WORDS = /\b(park|parking|lot|lots|garage|airport|cruise|port|terminal|flight|flying|sailing|search|find)\b/i;
