/** Blog categories for the demonstration catalogue. Brand-neutral copy. */

export interface SeedBlogCategory {
  name: string;
  slug: string;
  description: string;
  metaTitle: string;
  metaDescription: string;
}

export const BLOG_CATEGORIES: SeedBlogCategory[] = [
  {
    name: 'Airport Parking Tips',
    slug: 'airport-parking-tips',
    description: 'Practical advice on choosing between on-airport and off-site lots, booking ahead, and getting from your car to the terminal without stress.',
    metaTitle: 'Airport Parking Tips: Book Smarter, Park Easier',
    metaDescription: 'How to compare airport parking lots, when to book, what shuttle times to expect and how to pick between economy, covered and valet parking.',
  },
  {
    name: 'Cruise Port Guides',
    slug: 'cruise-port-guides',
    description: 'Port-by-port guides to US cruise terminals: where to park, how embarkation day works, and how to get to the pier on time.',
    metaTitle: 'Cruise Port Guides: Parking and Embarkation Day Tips',
    metaDescription: 'Guides to US cruise ports including terminal locations, parking options, shuttle service and what to expect on embarkation and disembarkation day.',
  },
  {
    name: 'Airport Guides',
    slug: 'airport-guides',
    description: 'Terminal layouts, ground transportation, security checkpoint tips and parking options at the busiest airports in the United States.',
    metaTitle: 'US Airport Guides: Terminals, Parking and Getting Around',
    metaDescription: 'Airport-by-airport guides covering terminals, parking choices, drop-off and pick-up areas, security wait times and ground transportation.',
  },
  {
    name: 'Travel Tips',
    slug: 'travel-tips',
    description: 'Packing lists, trip planning checklists and everyday advice for smoother journeys by air and by sea.',
    metaTitle: 'Travel Tips for Smoother Trips by Air and Sea',
    metaDescription: 'Packing, planning and day-of-travel advice to help you leave home on time, get through the airport or port faster and travel with less stress.',
  },
  {
    name: 'Money-Saving Tips',
    slug: 'money-saving-tips',
    description: 'Ways to cut the cost of getting to the airport or cruise port, from long-term parking rates to timing your reservation.',
    metaTitle: 'Money-Saving Travel Tips: Spend Less on Parking',
    metaDescription: 'Save on airport and cruise parking with weekly rates, early booking, off-site lots and other simple ways to lower the cost of your trip.',
  },
  {
    name: 'Seasonal Travel',
    slug: 'seasonal-travel',
    description: 'What to expect during holiday rushes, spring break, summer peaks and hurricane season, and how to plan parking around them.',
    metaTitle: 'Seasonal Travel: Holidays, Spring Break and Peak Seasons',
    metaDescription: 'Plan around busy travel seasons with advice on holiday parking demand, spring break crowds, summer peaks and weather-related disruptions.',
  },
];
