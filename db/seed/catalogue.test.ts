import { describe, it, expect } from 'vitest';
import { formatMiles, haversineMiles, slugify } from '../../src/shared/geo';
import { AIRPORTS, CRUISE_PORTS, LOCATIONS, REGIONS } from './locations';
import { AMENITIES, PROVIDERS, VEHICLE_TYPES, generateProviders } from './providers';
import { BLOG_CATEGORIES } from './blog-categories';

const duplicates = (values: readonly string[]): string[] => values.filter((value, index) => values.indexOf(value) !== index);

describe('geo helpers', () => {
  it('haversineMiles: LAX to JFK is about 2475 miles', () => {
    const lax = { latitude: 33.9416, longitude: -118.4085 };
    const jfk = { latitude: 40.6413, longitude: -73.7781 };
    expect(Math.abs(haversineMiles(lax, jfk) - 2475)).toBeLessThan(15);
    expect(haversineMiles(jfk, lax)).toBeCloseTo(haversineMiles(lax, jfk), 9);
    expect(haversineMiles(lax, lax)).toBe(0);
  });

  it('formatMiles', () => {
    expect(formatMiles(0.83)).toBe('0.8 miles');
    expect(formatMiles(1)).toBe('1 mile');
    expect(formatMiles(1.04)).toBe('1 mile');
    expect(formatMiles(2.36)).toBe('2.4 miles');
    expect(formatMiles(3)).toBe('3 miles');
    expect(formatMiles(12.96)).toBe('13 miles');
  });

  it('slugify', () => {
    expect(slugify('St. Louis Lambert International Airport')).toBe('st-louis-lambert-international-airport');
    expect(slugify('Fort Lauderdale–Hollywood International Airport')).toBe('fort-lauderdale-hollywood-international-airport');
    expect(slugify('Norman Y. Mineta San José International Airport')).toBe('norman-y-mineta-san-jose-international-airport');
    expect(slugify("Chicago O'Hare International Airport")).toBe('chicago-ohare-international-airport');
    expect(slugify('  --Park & Fly!!  ')).toBe('park-fly');
    expect(slugify('Baltimore/Washington')).toBe('baltimore-washington');
  });
});

describe('locations', () => {
  it('has 50 airports and 20 cruise ports', () => {
    expect(AIRPORTS).toHaveLength(50);
    expect(CRUISE_PORTS).toHaveLength(20);
    expect(LOCATIONS).toHaveLength(70);
    expect(AIRPORTS.every((l) => l.kind === 'airport')).toBe(true);
    expect(CRUISE_PORTS.every((l) => l.kind === 'cruise_port')).toBe(true);
  });

  it('has unique codes, slugs and seo slugs', () => {
    expect(duplicates(LOCATIONS.map((l) => l.code))).toEqual([]);
    expect(duplicates(LOCATIONS.map((l) => l.slug))).toEqual([]);
    expect(duplicates(LOCATIONS.map((l) => l.seoSlug))).toEqual([]);
  });

  it('derives slugs from names', () => {
    for (const airport of AIRPORTS) {
      expect(airport.code).toMatch(/^[A-Z]{3}$/);
      expect(airport.slug).toBe(slugify(airport.name));
      expect(airport.seoSlug).toBe(`${slugify(airport.city)}-${airport.state.toLowerCase()}-${airport.code.toLowerCase()}-airport-parking`);
    }
    for (const port of CRUISE_PORTS) {
      expect(port.slug).toBe(`${slugify(port.shortName)}-cruise-port`);
      expect(port.seoSlug).toBe(`${slugify(port.shortName)}-cruise-port-parking`);
    }
    expect(CRUISE_PORTS.find((p) => p.code === 'MIA-PORT')?.slug).toBe('miami-cruise-port');
    expect(CRUISE_PORTS.some((p) => p.slug === 'port-canaveral-cruise-port')).toBe(true);
    expect(AIRPORTS.find((a) => a.code === 'FLL')?.slug).toBe('fort-lauderdale-hollywood-international-airport');
  });

  it('has valid states, coordinates and aliases', () => {
    for (const location of LOCATIONS) {
      expect(location.state).toMatch(/^[A-Z]{2}$/);
      expect(['PR', 'GU', 'VI', 'AS', 'MP']).not.toContain(location.state);
      expect(location.latitude).toBeGreaterThan(18);
      expect(location.latitude).toBeLessThan(72);
      expect(location.longitude).toBeGreaterThan(-170);
      expect(location.longitude).toBeLessThan(-65);
      expect(location.aliases.length).toBeGreaterThan(0);
      expect(REGIONS).toContain(location.region);
    }
  });

  it('uses every region', () => {
    const used = new Set(LOCATIONS.map((l) => l.region));
    expect(REGIONS).toHaveLength(10);
    for (const region of REGIONS) expect(used.has(region)).toBe(true);
  });

  it('includes the required airports', () => {
    const codes = AIRPORTS.map((a) => a.code);
    for (const code of ['MCO', 'MIA', 'TPA', 'FLL', 'JAX', 'LAX']) expect(codes).toContain(code);
    const mco = AIRPORTS.find((a) => a.code === 'MCO');
    expect(mco).toMatchObject({
      name: 'Orlando International Airport',
      city: 'Orlando',
      state: 'FL',
      slug: 'orlando-international-airport',
      seoSlug: 'orlando-fl-mco-airport-parking',
    });
  });
});

describe('providers', () => {
  it('generates 4 to 10 providers per location, in location order', () => {
    for (const location of LOCATIONS) {
      const providers = PROVIDERS.filter((p) => p.locationCode === location.code);
      expect(providers.length).toBeGreaterThanOrEqual(4);
      expect(providers.length).toBeLessThanOrEqual(10);
    }
    expect(PROVIDERS).toEqual(LOCATIONS.flatMap((l) => generateProviders(l)));
  });

  it('is deterministic', () => {
    for (const location of LOCATIONS) {
      expect(generateProviders(location)).toEqual(generateProviders(location));
    }
  });

  it('has unique names and slugs across the catalogue', () => {
    expect(duplicates(PROVIDERS.map((p) => p.name))).toEqual([]);
    expect(duplicates(PROVIDERS.map((p) => p.slug))).toEqual([]);
    for (const provider of PROVIDERS) expect(provider.slug).toBe(slugify(provider.name));
  });

  it('places every provider 0.3 to 6.5 miles away with a consistent distance', () => {
    const byCode = new Map(LOCATIONS.map((l) => [l.code, l]));
    for (const provider of PROVIDERS) {
      const location = byCode.get(provider.locationCode);
      expect(location).toBeDefined();
      if (!location) continue;
      const miles = haversineMiles(location, provider);
      expect(miles).toBeGreaterThanOrEqual(0.3);
      expect(miles).toBeLessThanOrEqual(6.5);
      expect(provider.distanceMiles).toBe(Math.round(miles * 10) / 10);
      expect(provider.distance.startsWith(formatMiles(provider.distanceMiles))).toBe(true);
    }
  });

  it('has sensible prices and capacities', () => {
    for (const provider of PROVIDERS) {
      expect(provider.weeklyRate).toBeLessThan(7 * provider.price);
      expect(provider.weeklyRate).toBeGreaterThan(0.7 * 7 * provider.price);
      expect(Number.isInteger(Math.round(provider.price * 100))).toBe(true);
      expect(provider.price).toBeGreaterThanOrEqual(8.95);
      expect(provider.price).toBeLessThanOrEqual(39.99);
      expect(provider.capacity).toBeGreaterThanOrEqual(40);
      expect(provider.capacity).toBeLessThanOrEqual(1200);
      // No invented reputation: the demonstration lots have no reviews.
      expect(provider).not.toHaveProperty('rating');
      expect(provider).not.toHaveProperty('reviewCount');
    }
    const cruiseCodes = new Set(CRUISE_PORTS.map((p) => p.code));
    for (const provider of PROVIDERS.filter((p) => cruiseCodes.has(p.locationCode))) {
      expect(provider.price).toBeGreaterThanOrEqual(15);
      expect(provider.price).toBeLessThanOrEqual(30);
    }
  });

  it('uses only the amenity and vehicle vocabularies', () => {
    const amenities = new Set<string>(AMENITIES);
    const vehicles = new Set<string>(VEHICLE_TYPES);
    for (const provider of PROVIDERS) {
      expect(provider.amenities.length).toBeGreaterThan(0);
      for (const amenity of provider.amenities) expect(amenities.has(amenity)).toBe(true);
      for (const vehicle of provider.vehicleTypes) expect(vehicles.has(vehicle)).toBe(true);
      expect(provider.features.length).toBeGreaterThanOrEqual(3);
      expect(provider.features.length).toBeLessThanOrEqual(6);
    }
  });

  it('has fictional contact details and local image placeholders', () => {
    for (const provider of PROVIDERS) {
      expect(provider.phoneNumber).toMatch(/^\(\d{3}\) 555-01\d{2}$/);
      expect(provider.website).toBeNull();
      expect(provider.imageUrls.length).toBeGreaterThanOrEqual(2);
      expect(provider.imageUrls.length).toBeLessThanOrEqual(4);
      for (const url of provider.imageUrls) expect(url).toMatch(/^\/api\/placeholder\/800\/500\?label=[^&]+&v=\d+$/);
    }
  });

  it('mixes cheap and premium lots at every location', () => {
    for (const location of LOCATIONS) {
      const providers = PROVIDERS.filter((p) => p.locationCode === location.code);
      expect(providers.some((p) => p.amenities.includes('Covered') || p.amenities.includes('Valet'))).toBe(true);
      const prices = providers.map((p) => p.price);
      expect(Math.max(...prices) - Math.min(...prices)).toBeGreaterThan(3);
    }
  });

  it('marks roughly one in four as scraping-priced', () => {
    const share = PROVIDERS.filter((p) => p.pricingSource === 'scraping').length / PROVIDERS.length;
    expect(share).toBeGreaterThan(0.15);
    expect(share).toBeLessThan(0.35);
  });
});

describe('blog categories', () => {
  it('has the six categories with slugs matching names', () => {
    expect(BLOG_CATEGORIES.map((c) => c.name)).toEqual(['Airport Parking Tips', 'Cruise Port Guides', 'Airport Guides', 'Travel Tips', 'Money-Saving Tips', 'Seasonal Travel']);
    for (const category of BLOG_CATEGORIES) expect(category.slug).toBe(slugify(category.name));
  });
});
