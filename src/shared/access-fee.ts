// What the $0.99 detail fee unlocks: the fee's dialog lists it and the assistant answers with it.
export const ACCESS_FEE_UNLOCKS = [
  'Exact lot address and a map to the terminal',
  'Shuttle schedule and operating hours',
  'Every amenity, photo and vehicle type',
  'Direct phone number and cancellation policy',
] as const;
