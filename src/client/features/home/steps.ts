// The four how-it-works steps of the home carousel. Numbered rather than drawn: four icons would add to the
// home page's first download, which the search form now shares.

export const STEPS = [
  {
    title: 'Search Smart',
    body: 'Tell us your airport or cruise port and your dates. We pull every lot nearby into one list.',
  },
  {
    title: 'Compare Options',
    body: 'Sort by total price, distance, rating or amenities. The price you see is the price you pay.',
  },
  {
    title: 'Book Instantly',
    body: 'Reserve in a minute with a card. Your confirmation and parking pass arrive by e-mail.',
  },
  {
    title: 'Travel Confident',
    body: 'Park, hop on the shuttle and go. Support is there 24/7 if plans change.',
  },
] as const;
