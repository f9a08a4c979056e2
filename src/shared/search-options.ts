// Search sort orders and amenity filters (no zod: the client's route table imports this).

export const AMENITY_FILTERS = {
  shuttle: 'Shuttle',
  covered: 'Covered',
  valet: 'Valet',
  ev: 'EV Charging',
  '24/7': '24/7',
} as const;
export type TAmenityFilter = keyof typeof AMENITY_FILTERS;
export const SORTS = ['price', 'distance', 'rating'] as const;
