// What a lot can offer and take, as the seed, the lot editor, the schemas and the CSV import spell it (its own
// module, so public pages never load the lists).

/** The amenities a lot can list (search filters on Shuttle, Covered, Valet, EV Charging and 24/7). */
export const LOT_AMENITIES = [
  'Shuttle',
  'Covered',
  'Valet',
  'EV Charging',
  '24/7',
  'Security Cameras',
  'Gated',
  'Car Wash',
  'Luggage Assistance',
  'Wheelchair Accessible',
  'Oversize Vehicles',
] as const;
/** The vehicles a lot can take. */
export const LOT_VEHICLE_TYPES = ['Car', 'SUV', 'Minivan', 'Truck', 'Oversize / RV', 'Motorcycle'] as const;
