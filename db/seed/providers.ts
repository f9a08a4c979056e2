/**
 * Deterministic demonstration parking providers for every seed location.
 *
 * Everything here is generated from a seeded PRNG (mulberry32) keyed on a
 * hash of the location code, so the same location always yields exactly the
 * same providers. No Math.random, no dates, no database imports.
 *
 * All businesses are fictional: names are invented, phone numbers use the
 * reserved 555-01xx range and no websites are given.
 */
import { formatMiles, haversineMiles, slugify, EARTH_RADIUS_MILES } from '../../src/shared/geo';
import { LOCATIONS, type SeedLocation } from './locations';
import { LOT_AMENITIES, LOT_VEHICLE_TYPES } from '../../src/shared/lot-vocabulary';

export interface SeedProvider {
  locationCode: string;
  name: string;
  slug: string;
  address: string;
  latitude: number;
  longitude: number;
  distanceMiles: number;
  distance: string;
  price: number;
  weeklyRate: number;
  capacity: number;
  features: string[];
  amenities: string[];
  vehicleTypes: string[];
  shuttleInfo: string;
  securityFeatures: string;
  imageUrls: string[];
  description: string;
  operatingHours: string;
  phoneNumber: string;
  website: string | null;
  cancellationPolicy: string;
  pricingSource: 'scraping' | 'partner' | 'static';
}

export const AMENITIES = LOT_AMENITIES;
export type Amenity = (typeof AMENITIES)[number];

export const VEHICLE_TYPES = LOT_VEHICLE_TYPES;
export type VehicleType = (typeof VEHICLE_TYPES)[number];

/** Lots are placed between these distances (miles) from the terminal. */
export const MIN_PROVIDER_MILES = 0.3;
export const MAX_PROVIDER_MILES = 6;

// ---------------------------------------------------------------------------
// Local knowledge per location
// ---------------------------------------------------------------------------

interface AreaInfo {
  /** Telephone area code used for the fictional 555-01xx numbers. */
  areaCode: string;
  /** Towns / neighbourhoods (same state as the location) with a real ZIP code. */
  localities: ReadonlyArray<readonly [town: string, zip: string]>;
  /** Real street names near the terminal. */
  streets: readonly string[];
  /** Word used in local-style names ("O'Hare Airport Valet"); defaults to the city or port short name. */
  token?: string;
  /** Bearings (degrees clockwise from north, from → to, clockwise) where there is land for lots. */
  sector?: readonly [from: number, to: number];
  /** Upper distance bound for dense or hemmed-in locations. */
  maxMiles?: number;
  /** Queens-style hyphenated house numbers ("147-20 Rockaway Blvd"). */
  hyphenatedNumbers?: boolean;
  /** House-number range for dense street grids (default 100-9899). */
  numberRange?: readonly [min: number, max: number];
}

// prettier-ignore -- a data table, one place per line
const AREAS: Record<string, AreaInfo> = {
  // ----- Airports -----
  ATL: {
    areaCode: '404',
    localities: [
      ['College Park', '30337'],
      ['Hapeville', '30354'],
      ['Atlanta', '30354'],
    ],
    streets: ['Camp Creek Pkwy', 'Sullivan Rd', 'Riverdale Rd', 'Old National Hwy', 'Virginia Ave', 'Best Rd'],
  },
  DFW: {
    areaCode: '972',
    localities: [
      ['Irving', '75063'],
      ['Grapevine', '76051'],
      ['Euless', '76039'],
    ],
    streets: ['Esters Blvd', 'W Airfield Dr', 'State Hwy 114', 'Valley View Ln', 'W Walnut Hill Ln', 'S Main St'],
    token: 'DFW',
  },
  DEN: {
    areaCode: '303',
    localities: [
      ['Denver', '80249'],
      ['Aurora', '80019'],
    ],
    streets: ['Tower Rd', 'E 64th Ave', 'E 68th Ave', 'Himalaya Rd', 'E 40th Ave', 'Airport Blvd'],
  },
  ORD: {
    areaCode: '847',
    localities: [
      ['Des Plaines', '60018'],
      ['Rosemont', '60018'],
      ['Schiller Park', '60176'],
      ['Elk Grove Village', '60007'],
    ],
    streets: ['Mannheim Rd', 'Higgins Rd', 'Touhy Ave', 'Irving Park Rd', 'Lee St', 'River Rd'],
    token: "O'Hare",
  },
  LAX: {
    areaCode: '310',
    localities: [
      ['Los Angeles', '90045'],
      ['Inglewood', '90301'],
      ['El Segundo', '90245'],
    ],
    streets: ['W Century Blvd', 'Aviation Blvd', 'Airport Blvd', 'W 96th St', 'S La Cienega Blvd', 'Imperial Hwy'],
    sector: [0, 190],
  },
  JFK: {
    areaCode: '718',
    localities: [
      ['Jamaica', '11434'],
      ['Jamaica', '11430'],
      ['South Ozone Park', '11420'],
      ['Springfield Gardens', '11413'],
    ],
    streets: ['Rockaway Blvd', 'N Conduit Ave', 'S Conduit Ave', 'Farmers Blvd', 'Guy R Brewer Blvd', '150th St'],
    token: 'JFK',
    sector: [270, 100],
    hyphenatedNumbers: true,
  },
  LAS: {
    areaCode: '702',
    localities: [
      ['Las Vegas', '89119'],
      ['Las Vegas', '89120'],
      ['Las Vegas', '89123'],
    ],
    streets: ['E Russell Rd', 'Paradise Rd', 'Eastern Ave', 'E Sunset Rd', 'Warm Springs Rd', 'Spencer St'],
  },
  MCO: {
    areaCode: '407',
    localities: [
      ['Orlando', '32809'],
      ['Orlando', '32822'],
      ['Orlando', '32824'],
      ['Orlando', '32812'],
    ],
    streets: ['Jetport Dr', 'McCoy Rd', 'S Semoran Blvd', 'Boggy Creek Rd', 'Tradeport Dr', 'Narcoossee Rd'],
  },
  MIA: {
    areaCode: '305',
    localities: [
      ['Miami', '33122'],
      ['Miami', '33126'],
      ['Miami Springs', '33166'],
      ['Doral', '33172'],
    ],
    streets: ['NW 36th St', 'NW 42nd Ave', 'NW 25th St', 'NW 72nd Ave', 'NW 21st St', 'NW 57th Ave'],
  },
  CLT: {
    areaCode: '704',
    localities: [
      ['Charlotte', '28208'],
      ['Charlotte', '28214'],
    ],
    streets: ['Wilkinson Blvd', 'Billy Graham Pkwy', 'Josh Birmingham Pkwy', 'Old Dowd Rd', 'Little Rock Rd', 'Yorkmont Rd'],
  },
  SEA: {
    areaCode: '206',
    localities: [
      ['SeaTac', '98188'],
      ['Tukwila', '98168'],
      ['Burien', '98148'],
      ['Des Moines', '98198'],
    ],
    streets: ['International Blvd', 'S 160th St', 'S 176th St', 'Des Moines Memorial Dr', 'S 188th St', 'S 142nd St'],
    token: 'Sea-Tac',
  },
  PHX: {
    areaCode: '602',
    localities: [
      ['Phoenix', '85034'],
      ['Phoenix', '85008'],
      ['Tempe', '85281'],
    ],
    streets: ['E Buckeye Rd', 'E Washington St', 'S 24th St', 'E University Dr', 'S 44th St', 'E Jefferson St'],
  },
  EWR: {
    areaCode: '973',
    localities: [
      ['Newark', '07114'],
      ['Elizabeth', '07201'],
      ['Elizabeth', '07206'],
    ],
    streets: ['Frelinghuysen Ave', 'Haynes Ave', 'McClellan St', 'North Ave', 'Spring St', 'Division St'],
    token: 'Newark',
    sector: [150, 330],
  },
  SFO: {
    areaCode: '650',
    localities: [
      ['South San Francisco', '94080'],
      ['San Bruno', '94066'],
      ['Millbrae', '94030'],
      ['Burlingame', '94010'],
    ],
    streets: ['S Airport Blvd', 'El Camino Real', 'Old Bayshore Hwy', 'Mitchell Ave', 'Produce Ave', 'Rollins Rd'],
    sector: [190, 340],
  },
  IAH: {
    areaCode: '281',
    localities: [
      ['Houston', '77032'],
      ['Houston', '77060'],
      ['Humble', '77338'],
    ],
    streets: ['JFK Blvd', 'Greens Rd', 'N Sam Houston Pkwy E', 'Will Clayton Pkwy', 'Lee Rd', 'Aldine Bender Rd'],
    token: 'IAH',
  },
  BOS: {
    areaCode: '617',
    localities: [
      ['East Boston', '02128'],
      ['Revere', '02151'],
      ['Chelsea', '02150'],
    ],
    streets: ['Bennington St', 'McClellan Hwy', 'Saratoga St', 'Chelsea St', 'Border St', 'Boardman St'],
    token: 'Logan',
    sector: [260, 40],
  },
  FLL: {
    areaCode: '954',
    localities: [
      ['Fort Lauderdale', '33315'],
      ['Fort Lauderdale', '33312'],
      ['Dania Beach', '33004'],
      ['Hollywood', '33020'],
    ],
    streets: ['Griffin Rd', 'State Rd 84', 'Ravenswood Rd', 'S Andrews Ave', 'Sheridan St', 'SW 12th Ave'],
    sector: [180, 360],
  },
  MSP: {
    areaCode: '952',
    localities: [
      ['Bloomington', '55425'],
      ['Richfield', '55423'],
      ['Mendota Heights', '55120'],
    ],
    streets: ['E American Blvd', '34th Ave S', 'Killebrew Dr', 'E 66th St', 'Lexington Ave', 'Cedar Ave S'],
    token: 'MSP',
  },
  LGA: {
    areaCode: '718',
    localities: [
      ['East Elmhurst', '11369'],
      ['Corona', '11368'],
      ['Jackson Heights', '11372'],
    ],
    streets: ['Ditmars Blvd', 'Astoria Blvd', '94th St', '23rd Ave', 'Northern Blvd', 'Junction Blvd'],
    token: 'LaGuardia',
    sector: [80, 260],
    maxMiles: 5,
    hyphenatedNumbers: true,
  },
  DTW: {
    areaCode: '734',
    localities: [
      ['Romulus', '48174'],
      ['Taylor', '48180'],
    ],
    streets: ['Middlebelt Rd', 'Merriman Rd', 'Wick Rd', 'Eureka Rd', 'Goddard Rd', 'Ecorse Rd'],
    token: 'Detroit Metro',
  },
  PHL: {
    areaCode: '215',
    localities: [
      ['Philadelphia', '19153'],
      ['Essington', '19029'],
    ],
    streets: ['Island Ave', 'Essington Ave', 'Bartram Ave', 'Industrial Hwy', 'Tinicum Blvd', 'Enterprise Ave'],
    sector: [280, 80],
  },
  SLC: {
    areaCode: '801',
    localities: [
      ['Salt Lake City', '84116'],
      ['Salt Lake City', '84104'],
    ],
    streets: ['W North Temple', 'Wright Brothers Dr', 'Amelia Earhart Dr', 'Harold Gatty Dr', 'W California Ave', 'Admiral Byrd Rd'],
  },
  BWI: {
    areaCode: '410',
    localities: [
      ['Linthicum Heights', '21090'],
      ['Hanover', '21076'],
      ['Glen Burnie', '21061'],
    ],
    streets: ['Elkridge Landing Rd', 'W Nursery Rd', 'Aviation Blvd', 'Dorsey Rd', 'Ridge Rd', 'Camp Meade Rd'],
    token: 'BWI',
  },
  DCA: {
    areaCode: '703',
    localities: [
      ['Arlington', '22202'],
      ['Alexandria', '22314'],
      ['Alexandria', '22301'],
    ],
    streets: ['Crystal Dr', 'S Eads St', 'Richmond Hwy', 'S Glebe Rd', 'Potomac Ave', 'S Clark St'],
    token: 'Reagan National',
    sector: [180, 330],
    numberRange: [1000, 3999],
  },
  SAN: {
    areaCode: '619',
    localities: [
      ['San Diego', '92101'],
      ['San Diego', '92110'],
    ],
    streets: ['Kettner Blvd', 'Pacific Hwy', 'India St', 'Rosecrans St', 'Kurtz St', 'Hancock St'],
    sector: [330, 130],
  },
  IAD: {
    areaCode: '703',
    localities: [
      ['Sterling', '20166'],
      ['Herndon', '20171'],
      ['Chantilly', '20151'],
    ],
    streets: ['Centreville Rd', 'Glenn Dr', 'Sully Rd', 'Atlantic Blvd', 'Air and Space Museum Pkwy', 'Horsepen Rd'],
    token: 'Dulles',
  },
  TPA: {
    areaCode: '813',
    localities: [
      ['Tampa', '33607'],
      ['Tampa', '33614'],
      ['Tampa', '33634'],
    ],
    streets: ['W Spruce St', 'N Westshore Blvd', 'W Cypress St', 'N Lois Ave', 'W Hillsborough Ave', 'N Hoover Blvd'],
    sector: [340, 200],
  },
  BNA: {
    areaCode: '615',
    localities: [
      ['Nashville', '37214'],
      ['Nashville', '37217'],
    ],
    streets: ['Donelson Pike', 'Briley Pkwy', 'Elm Hill Pike', 'Murfreesboro Pike', 'Vultee Blvd', 'Royal Pkwy'],
  },
  AUS: {
    areaCode: '512',
    localities: [
      ['Austin', '78719'],
      ['Austin', '78741'],
      ['Austin', '78744'],
    ],
    streets: ['E Ben White Blvd', 'Burleson Rd', 'E Riverside Dr', 'Presidential Blvd', 'FM 973', 'Hwy 71 E'],
  },
  MDW: {
    areaCode: '773',
    localities: [
      ['Chicago', '60638'],
      ['Chicago', '60629'],
      ['Bedford Park', '60638'],
    ],
    streets: ['S Cicero Ave', 'W 55th St', 'W 63rd St', 'S Central Ave', 'W 59th St', 'S Pulaski Rd'],
    token: 'Midway',
  },
  HNL: {
    areaCode: '808',
    localities: [
      ['Honolulu', '96819'],
      ['Honolulu', '96818'],
    ],
    streets: ['N Nimitz Hwy', 'Ualena St', 'Aolele St', 'Lagoon Dr', 'Waiwai Loop', 'Kikowaena St'],
    sector: [290, 80],
    maxMiles: 5,
  },
  DAL: {
    areaCode: '214',
    localities: [
      ['Dallas', '75235'],
      ['Dallas', '75209'],
      ['Dallas', '75220'],
    ],
    streets: ['W Mockingbird Ln', 'Lemmon Ave', 'Denton Dr', 'Cedar Springs Rd', 'Harry Hines Blvd', 'Shorecrest Dr'],
    token: 'Love Field',
  },
  PDX: {
    areaCode: '503',
    localities: [
      ['Portland', '97218'],
      ['Portland', '97220'],
    ],
    streets: ['NE Airport Way', 'NE 82nd Ave', 'NE Columbia Blvd', 'NE Cascades Pkwy', 'NE Alderwood Rd', 'NE Mt Hood Ave'],
    sector: [90, 290],
  },
  STL: {
    areaCode: '314',
    localities: [
      ['St. Louis', '63134'],
      ['Bridgeton', '63044'],
      ['Berkeley', '63134'],
    ],
    streets: ['Natural Bridge Rd', 'N Lindbergh Blvd', 'Pear Tree Ln', 'Edmundson Rd', 'Woodson Rd', 'Airflight Dr'],
    token: 'Lambert',
  },
  RDU: {
    areaCode: '919',
    localities: [
      ['Morrisville', '27560'],
      ['Raleigh', '27617'],
    ],
    streets: ['Aviation Pkwy', 'Airport Blvd', 'Glenwood Ave', 'International Dr', 'Brier Creek Pkwy', 'Lumley Rd'],
    token: 'RDU',
  },
  HOU: {
    areaCode: '713',
    localities: [
      ['Houston', '77061'],
      ['Houston', '77017'],
      ['Houston', '77087'],
    ],
    streets: ['Airport Blvd', 'Broadway St', 'Telephone Rd', 'Monroe Rd', 'Glencrest St', 'Park Place Blvd'],
    token: 'Hobby',
  },
  SMF: {
    areaCode: '916',
    localities: [
      ['Sacramento', '95837'],
      ['Sacramento', '95834'],
      ['Sacramento', '95835'],
    ],
    streets: ['Airport Blvd', 'Power Line Rd', 'Del Paso Rd', 'Garden Hwy', 'Elkhorn Blvd', 'Metro Air Pkwy'],
  },
  MSY: {
    areaCode: '504',
    localities: [
      ['Kenner', '70062'],
      ['Kenner', '70065'],
      ['Metairie', '70001'],
    ],
    streets: ['Airline Dr', 'Veterans Memorial Blvd', 'Williams Blvd', 'Loyola Dr', 'W Esplanade Ave', 'Joe Yenni Blvd'],
    token: 'MSY',
    sector: [70, 290],
  },
  SJC: {
    areaCode: '408',
    localities: [
      ['San Jose', '95110'],
      ['San Jose', '95112'],
      ['Santa Clara', '95050'],
    ],
    streets: ['Airport Blvd', 'N 1st St', 'Coleman Ave', 'Brokaw Rd', 'De La Cruz Blvd', 'Technology Dr'],
  },
  SNA: {
    areaCode: '949',
    localities: [
      ['Santa Ana', '92707'],
      ['Costa Mesa', '92626'],
      ['Irvine', '92614'],
      ['Newport Beach', '92660'],
    ],
    streets: ['MacArthur Blvd', 'Campus Dr', 'Red Hill Ave', 'S Main St', 'Bristol St', 'Dyer Rd'],
    token: 'John Wayne',
  },
  MCI: {
    areaCode: '816',
    localities: [
      ['Kansas City', '64153'],
      ['Kansas City', '64154'],
    ],
    streets: ['NW 112th St', 'N Ambassador Dr', 'NW Prairie View Rd', 'NW Cookingham Dr', 'NW 108th St', 'N Congress Ave'],
    token: 'KCI',
  },
  OAK: {
    areaCode: '510',
    localities: [
      ['Oakland', '94621'],
      ['Oakland', '94603'],
      ['San Leandro', '94577'],
    ],
    streets: ['Hegenberger Rd', 'Doolittle Dr', 'Airport Dr', 'Edes Ave', 'Oakport St', 'Pardee Dr'],
    sector: [20, 160],
  },
  SAT: {
    areaCode: '210',
    localities: [
      ['San Antonio', '78216'],
      ['San Antonio', '78217'],
    ],
    streets: ['NE Loop 410', 'Airport Blvd', 'Jones Maltsberger Rd', 'San Pedro Ave', 'Wetmore Rd', 'Wurzbach Pkwy'],
  },
  RSW: {
    areaCode: '239',
    localities: [
      ['Fort Myers', '33913'],
      ['Fort Myers', '33912'],
      ['Fort Myers', '33966'],
    ],
    streets: ['Daniels Pkwy', 'Treeline Ave', 'Chamberlin Pkwy', 'Six Mile Cypress Pkwy', 'Ben Hill Griffin Pkwy', 'Alico Rd'],
  },
  CLE: {
    areaCode: '216',
    localities: [
      ['Cleveland', '44135'],
      ['Brook Park', '44142'],
      ['Berea', '44017'],
    ],
    streets: ['Brookpark Rd', 'Snow Rd', 'W 150th St', 'Smith Rd', 'Engle Rd', 'Grayton Rd'],
    token: 'Hopkins',
  },
  IND: {
    areaCode: '317',
    localities: [
      ['Indianapolis', '46241'],
      ['Indianapolis', '46221'],
    ],
    streets: ['Airport Expy', 'S High School Rd', 'W Washington St', 'S Lynhurst Dr', 'Ameriplex Pkwy', 'Mann Rd'],
    token: 'Indy',
  },
  PIT: {
    areaCode: '412',
    localities: [
      ['Coraopolis', '15108'],
      ['Moon Township', '15108'],
    ],
    streets: ['University Blvd', 'Thorn Run Rd', 'Beaver Grade Rd', 'Flaugherty Run Rd', 'Stevenson Mill Rd', 'Montour Church Rd'],
  },
  CVG: {
    areaCode: '859',
    localities: [
      ['Hebron', '41048'],
      ['Erlanger', '41018'],
      ['Florence', '41042'],
    ],
    streets: ['Petersburg Rd', 'N Bend Rd', 'Mineola Pike', 'Donaldson Hwy', 'Industrial Rd', 'Limaburg Rd'],
    token: 'CVG',
  },
  CMH: {
    areaCode: '614',
    localities: [['Columbus', '43219']],
    streets: ['Stelzer Rd', 'N Hamilton Rd', 'Sunbury Rd', 'International Gateway', 'E 5th Ave', 'Airport Dr'],
  },
  JAX: {
    areaCode: '904',
    localities: [['Jacksonville', '32218']],
    streets: ['Airport Rd', 'Duval Rd', 'Pecan Park Rd', 'Max Leggett Pkwy', 'Dixie Clipper Dr', 'Airport Center Dr'],
  },

  // ----- Cruise ports -----
  'MIA-PORT': {
    areaCode: '305',
    localities: [
      ['Miami', '33132'],
      ['Miami', '33130'],
      ['Miami', '33136'],
    ],
    streets: ['Biscayne Blvd', 'NE 5th St', 'NE 2nd Ave', 'N Miami Ave', 'NW 1st Ave', 'NE 6th St'],
    sector: [200, 340],
    maxMiles: 3.5,
    numberRange: [100, 1899],
  },
  'PCV-PORT': {
    areaCode: '321',
    localities: [
      ['Cape Canaveral', '32920'],
      ['Cocoa Beach', '32931'],
      ['Merritt Island', '32953'],
    ],
    streets: ['N Atlantic Ave', 'George J King Blvd', 'Dave Nisbet Dr', 'Central Blvd', 'State Rd 401', 'Astronaut Blvd'],
    token: 'Canaveral',
    sector: [150, 280],
  },
  'PEV-PORT': {
    areaCode: '954',
    localities: [
      ['Fort Lauderdale', '33316'],
      ['Fort Lauderdale', '33315'],
      ['Dania Beach', '33004'],
    ],
    streets: ['SE 17th St', 'Eller Dr', 'S Federal Hwy', 'SE 24th St', 'Cordova Rd', 'Griffin Rd'],
    sector: [180, 350],
  },
  'GLS-PORT': {
    areaCode: '409',
    localities: [
      ['Galveston', '77550'],
      ['Galveston', '77551'],
    ],
    streets: ['Harborside Dr', 'Broadway Ave J', 'Seawall Blvd', '61st St', 'Church St', 'Postoffice St'],
    sector: [150, 250],
    maxMiles: 5,
    numberRange: [100, 5999],
  },
  'TPA-PORT': {
    areaCode: '813',
    localities: [
      ['Tampa', '33602'],
      ['Tampa', '33605'],
    ],
    streets: ['Channelside Dr', 'E Kennedy Blvd', 'N 13th St', 'E 2nd Ave', 'E Adamo Dr', 'E Cass St'],
    sector: [270, 100],
    maxMiles: 4,
    numberRange: [100, 1999],
  },
  'JAX-PORT': {
    areaCode: '904',
    localities: [['Jacksonville', '32226']],
    streets: ['Heckscher Dr', 'August Dr', 'Dames Point Blvd', 'Blount Island Blvd', 'Busch Dr', 'New Berlin Rd'],
    sector: [260, 80],
  },
  'SEA-PORT': {
    areaCode: '206',
    localities: [
      ['Seattle', '98119'],
      ['Seattle', '98199'],
      ['Seattle', '98121'],
    ],
    streets: ['W Galer St', 'Elliott Ave W', '15th Ave W', 'W Dravus St', 'Thorndyke Ave W', 'W Emerson St'],
    sector: [320, 120],
    maxMiles: 4,
    numberRange: [1000, 3999],
  },
  'LA-PORT': {
    areaCode: '310',
    localities: [
      ['San Pedro', '90731'],
      ['Wilmington', '90744'],
    ],
    streets: ['N Harbor Blvd', 'S Gaffey St', 'W 7th St', 'N Front St', 'S Pacific Ave', 'W 1st St'],
    sector: [200, 10],
    maxMiles: 4,
    numberRange: [100, 1999],
  },
  'LGB-PORT': {
    areaCode: '562',
    localities: [
      ['Long Beach', '90802'],
      ['Long Beach', '90813'],
    ],
    streets: ['E Ocean Blvd', 'Shoreline Dr', 'W Anaheim St', 'Pine Ave', 'Queens Way', 'E Broadway'],
    sector: [300, 80],
    maxMiles: 4,
    numberRange: [100, 1999],
  },
  'SAN-PORT': {
    areaCode: '619',
    localities: [['San Diego', '92101']],
    streets: ['N Harbor Dr', 'Pacific Hwy', 'Kettner Blvd', 'India St', 'W Broadway', 'Columbia St'],
    sector: [0, 170],
    maxMiles: 3.5,
    numberRange: [100, 1999],
  },
  'SF-PORT': {
    areaCode: '415',
    localities: [
      ['San Francisco', '94133'],
      ['San Francisco', '94111'],
      ['San Francisco', '94107'],
    ],
    streets: ['The Embarcadero', 'Sansome St', 'Battery St', 'Bay St', 'Front St', 'Townsend St'],
    sector: [170, 290],
    maxMiles: 3,
    numberRange: [100, 1999],
  },
  'NYC-PORT': {
    areaCode: '212',
    localities: [
      ['New York', '10019'],
      ['New York', '10036'],
      ['New York', '10018'],
    ],
    streets: ['W 46th St', 'W 44th St', '11th Ave', '10th Ave', 'W 42nd St', 'W 52nd St'],
    token: 'Manhattan',
    sector: [30, 200],
    maxMiles: 2.5,
    numberRange: [400, 799],
  },
  'CLP-PORT': {
    areaCode: '201',
    localities: [['Bayonne', '07002']],
    streets: ['Port Terminal Blvd', 'Route 440', 'Avenue E', 'Broadway', 'E 22nd St', 'JFK Blvd'],
    sector: [200, 330],
    maxMiles: 3.5,
    numberRange: [1, 999],
  },
  'BKN-PORT': {
    areaCode: '718',
    localities: [['Brooklyn', '11231']],
    streets: ['Van Brunt St', 'Columbia St', 'Imlay St', 'Bowne St', 'Hamilton Ave', 'Court St'],
    token: 'Red Hook',
    sector: [40, 200],
    maxMiles: 3.5,
    numberRange: [10, 499],
  },
  'BOS-PORT': {
    areaCode: '617',
    localities: [
      ['Boston', '02210'],
      ['Boston', '02127'],
    ],
    streets: ['Black Falcon Ave', 'Summer St', 'Drydock Ave', 'Northern Ave', 'Congress St', 'Seaport Blvd'],
    token: 'Boston Harbor',
    sector: [170, 290],
    maxMiles: 3,
    numberRange: [1, 999],
  },
  'BAL-PORT': {
    areaCode: '410',
    localities: [['Baltimore', '21230']],
    streets: ['E McComas St', 'Key Hwy', 'E Fort Ave', 'Hull St', 'Cleveland St', 'Haubert St'],
    sector: [190, 330],
    maxMiles: 4,
    numberRange: [500, 1999],
  },
  'NOLA-PORT': {
    areaCode: '504',
    localities: [['New Orleans', '70130']],
    streets: ['Tchoupitoulas St', 'Convention Center Blvd', 'Religious St', 'Magazine St', 'Erato St', 'S Peters St'],
    sector: [240, 30],
    maxMiles: 4,
    numberRange: [100, 1999],
  },
  'CHS-PORT': {
    areaCode: '843',
    localities: [
      ['Charleston', '29401'],
      ['Charleston', '29403'],
    ],
    streets: ['Concord St', 'E Bay St', 'Meeting St', 'Morrison Dr', 'King St', 'Washington St'],
    sector: [220, 20],
    maxMiles: 5,
    numberRange: [1, 999],
  },
  'MOB-PORT': {
    areaCode: '251',
    localities: [
      ['Mobile', '36602'],
      ['Mobile', '36603'],
      ['Mobile', '36604'],
    ],
    streets: ['S Water St', 'Government St', 'Dauphin St', 'St Emanuel St', 'Canal St', 'Royal St'],
    sector: [190, 350],
    maxMiles: 4,
    numberRange: [1, 999],
  },
  'HNL-PORT': {
    areaCode: '808',
    localities: [
      ['Honolulu', '96813'],
      ['Honolulu', '96817'],
    ],
    streets: ['Ala Moana Blvd', 'N Nimitz Hwy', 'Queen St', 'Bishop St', 'Kapiolani Blvd', 'Keawe St'],
    sector: [290, 100],
    maxMiles: 3,
    numberRange: [100, 1999],
  },
};

/** Busiest, most expensive parking markets. */
const PREMIUM_MARKETS = new Set(['JFK', 'LGA', 'EWR', 'SFO', 'BOS', 'ORD']);
/** Pricier-than-average markets. */
const UPSCALE_MARKETS = new Set([
  'LAX',
  'SEA',
  'DCA',
  'IAD',
  'HNL',
  'SAN',
  'MIA',
  'DEN',
  'SJC',
  'OAK',
  'SNA',
  'PHL',
  'NYC-PORT',
  'BKN-PORT',
  'CLP-PORT',
  'BOS-PORT',
  'SF-PORT',
  'SEA-PORT',
  'HNL-PORT',
]);
/** Large markets that get more lots. */
const LARGE_MARKETS = new Set([
  'ATL',
  'DFW',
  'DEN',
  'ORD',
  'LAX',
  'JFK',
  'LAS',
  'MCO',
  'MIA',
  'CLT',
  'SEA',
  'PHX',
  'EWR',
  'SFO',
  'IAH',
  'BOS',
  'FLL',
  'MSP',
  'LGA',
  'MIA-PORT',
  'PCV-PORT',
  'PEV-PORT',
  'GLS-PORT',
  'SEA-PORT',
]);
/** Sunny states where covered parking is a selling point. */
const SUNNY_STATES = new Set(['FL', 'AZ', 'NV', 'TX', 'CA', 'HI', 'GA', 'LA', 'AL', 'SC']);
/** Snowy states where covered parking means no scraping ice. */
const SNOWY_STATES = new Set(['IL', 'MN', 'MI', 'CO', 'UT', 'MA', 'NY', 'PA', 'OH', 'MO', 'IN', 'WA', 'NJ']);

// ---------------------------------------------------------------------------
// Deterministic randomness
// ---------------------------------------------------------------------------

/** 32-bit FNV-1a hash of a string. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** mulberry32: a tiny, fast, seedable PRNG returning floats in [0, 1). */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

class Rng {
  private readonly next: () => number;
  constructor(seed: number) {
    this.next = mulberry32(seed);
  }
  float(min = 0, max = 1): number {
    return min + (max - min) * this.next();
  }
  int(min: number, max: number): number {
    return Math.floor(this.float(min, max + 1));
  }
  chance(probability: number): boolean {
    return this.next() < probability;
  }
  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick() from an empty list');
    return items[Math.floor(this.next() * items.length)] as T;
  }
  /** A shuffled copy (Fisher–Yates). */
  shuffle<T>(items: readonly T[]): T[] {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      const tmp = copy[i] as T;
      copy[i] = copy[j] as T;
      copy[j] = tmp;
    }
    return copy;
  }
}

// ---------------------------------------------------------------------------
// Lot archetypes
// ---------------------------------------------------------------------------

type LotKind = 'economy' | 'standard' | 'hotel' | 'covered' | 'valet' | 'premium';

interface KindProfile {
  miles: readonly [number, number];
  airportPrice: readonly [number, number];
  cruisePrice: readonly [number, number];
  capacity: readonly [number, number];
}

const KIND_PROFILES: Record<LotKind, KindProfile> = {
  economy: { miles: [1.8, 5.9], airportPrice: [8.95, 13.5], cruisePrice: [15, 18.5], capacity: [400, 1200] },
  standard: { miles: [1.0, 4.2], airportPrice: [11, 17], cruisePrice: [16.5, 21], capacity: [200, 800] },
  hotel: { miles: [0.8, 3.2], airportPrice: [10, 16], cruisePrice: [15, 20], capacity: [40, 180] },
  covered: { miles: [0.7, 3.2], airportPrice: [15, 24], cruisePrice: [20, 25], capacity: [150, 600] },
  valet: { miles: [0.5, 2.6], airportPrice: [19, 31], cruisePrice: [23, 28.5], capacity: [40, 250] },
  premium: { miles: [0.3, 0.9], airportPrice: [24, 34], cruisePrice: [24, 29], capacity: [60, 300] },
};

/** Extra lots are drawn from this weighted pool (economy and covered/valet are always present). */
const EXTRA_KINDS: readonly LotKind[] = ['economy', 'economy', 'standard', 'standard', 'standard', 'hotel', 'covered', 'covered', 'valet', 'premium'];

const AIRPORT_BRANDS = [
  'SkyPark',
  'JetStream',
  'AeroPark',
  'FlyAway',
  'Contrail',
  'Tailwind',
  'Wingspan',
  'BlueSky',
  'Cloud Nine',
  'TakeOff',
  'Altitude',
  'Red Eye',
  'Airside',
  'Horizon',
  'Crosswind',
  'Liftoff',
  'Skyline',
  'Northstar',
  'Gate One',
  'Clearway',
  'Touchdown',
  'Jetset',
  'Blue Runway',
  'Overhead Bin',
] as const;

const CRUISE_BRANDS = [
  'Anchor',
  'Harbor',
  'Seaside',
  'Lighthouse',
  'Dockside',
  'Mariner',
  'Portside',
  'Gangway',
  'Tidewater',
  'Bon Voyage',
  'Compass Rose',
  'Starboard',
  'Bayfront',
  'Sea Breeze',
  "Captain's",
  'Waterfront',
  'Set Sail',
  'Shoreline',
  'Seafarer',
  'Bluewater',
] as const;

const AIRPORT_HOTELS = [
  'Runway Inn',
  'Airport Grand Hotel',
  'Skyline Suites',
  'Terminal Inn',
  'Crossroads Hotel',
  'Gateway Suites',
  'Aviator Hotel',
  'Landing Inn & Suites',
] as const;

const CRUISE_HOTELS = ['Harborview Inn', 'Bayside Hotel', 'Marina Suites', 'Seaport Inn', 'Anchorage Hotel', 'Waterfront Suites'] as const;

/**
 * Name patterns. {b} brand, {c} airport code, {l} local token, {h} hotel.
 * Airport names always carry the code or "<token> Airport" and cruise names
 * always carry the port token, so names never collide across locations.
 */
const AIRPORT_NAME_PATTERNS: Record<LotKind, readonly string[]> = {
  economy: ['{b} {c} Economy', '{b} Economy Parking {c}', '{l} Airport Economy Parking', '{l} Airport Value Lot', '{b} {c} Long-Term Lot'],
  standard: ['{b} Parking {c}', '{l} Airport Parking', '{b} {c} Park & Ride', '{l} Airport Park & Fly', '{l} Airport Self Park', '{b} Airport Parking {c}'],
  hotel: ['{h} {l} Airport Park & Fly', '{h} {c} Park, Stay & Fly'],
  covered: ['{b} {c} Covered', '{l} Airport Covered Parking', '{b} {c} Garage', '{l} Airport Garage', '{b} Covered Parking {c}'],
  valet: ['{b} {c} Valet', '{l} Airport Valet', '{b} Valet Parking {c}', '{l} Airport Premier Valet'],
  premium: ['{b} {c} Terminal Express', '{l} Airport Close-In Parking', '{b} {c} Front Row', '{l} Airport Gateway Garage'],
};

const CRUISE_NAME_PATTERNS: Record<LotKind, readonly string[]> = {
  economy: ['{l} Cruise Parking & Shuttle', '{b} Cruise Parking {l}', '{l} Budget Cruise Parking', '{b} {l} Cruise Lot'],
  standard: ['{b} {l} Cruise Parking', '{l} Park & Cruise', '{b} Park & Sail {l}', '{l} Cruise Lot & Shuttle'],
  hotel: ['{h} {l} Park & Cruise', '{h} {l} Stay & Sail'],
  covered: ['{l} Covered Cruise Parking', '{b} {l} Cruise Garage', '{b} Covered Cruise Parking {l}'],
  valet: ['{l} Cruise Valet', '{b} Cruise Valet {l}', '{b} {l} Valet & Cruise'],
  premium: ['{l} Pierside Parking', '{b} {l} Cruise Terminal Parking', '{l} Cruise Terminal Garage'],
};

const IMAGE_LABELS: Record<LotKind, readonly string[]> = {
  economy: ['Lot entrance', 'Shuttle bus', 'Open-air parking', 'Check-in booth'],
  standard: ['Lot entrance', 'Shuttle stop', 'Parking rows', 'Check-in office'],
  hotel: ['Hotel entrance', 'Hotel parking', 'Hotel shuttle', 'Lobby'],
  covered: ['Covered garage', 'Garage entrance', 'Shuttle bus', 'Parking level'],
  valet: ['Valet stand', 'Valet lot', 'Shuttle bus', 'Key desk'],
  premium: ['Garage entrance', 'Parking level', 'Walkway to terminal', 'Reserved spaces'],
};

const AIRPORT_HOURS = ['4:00 AM - 1:00 AM', '3:30 AM - 12:30 AM', '4:30 AM - midnight', '5:00 AM - 11:30 PM'] as const;
const CRUISE_HOURS = ['6:00 AM - 6:00 PM', '7:00 AM - 5:00 PM', '6:30 AM - 7:00 PM'] as const;

const AIRPORT_CANCELLATION = [
  'Free cancellation up to 24 hours before arrival.',
  'Free cancellation up to 24 hours before arrival.',
  'Free cancellation up to 24 hours before arrival.',
  'Free cancellation up to 48 hours before arrival.',
  'Free cancellation up to 24 hours before arrival; non-refundable within 24 hours.',
  'Free cancellation any time before your reservation starts.',
  'Full refund up to 48 hours before arrival; 50% refund within 48 hours. Non-refundable after check-in.',
] as const;

const CRUISE_CANCELLATION = [
  'Free cancellation up to 48 hours before arrival.',
  'Free cancellation up to 48 hours before arrival.',
  'Free cancellation up to 72 hours before your sailing date.',
  'Free cancellation up to 24 hours before arrival; non-refundable within 24 hours.',
  'Free cancellation up to 7 days before sailing; 50% refund after that. Non-refundable on sailing day.',
] as const;

// ---------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------

const round = (value: number, decimals: number): number => {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
};

const clamp = (value: number, min: number, max: number): number => Math.min(max, Math.max(min, value));

const pad2 = (n: number): string => String(n).padStart(2, '0');

function fillPattern(pattern: string, values: Record<string, string>): string {
  return pattern
    .replace(/\{(\w)\}/g, (_, key: string) => values[key] ?? '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Destination point from a start, bearing (degrees) and distance (miles). */
function destinationPoint(start: { latitude: number; longitude: number }, bearingDegrees: number, miles: number): { latitude: number; longitude: number } {
  const delta = miles / EARTH_RADIUS_MILES;
  const theta = (bearingDegrees * Math.PI) / 180;
  const phi1 = (start.latitude * Math.PI) / 180;
  const lambda1 = (start.longitude * Math.PI) / 180;
  const phi2 = Math.asin(Math.sin(phi1) * Math.cos(delta) + Math.cos(phi1) * Math.sin(delta) * Math.cos(theta));
  const lambda2 = lambda1 + Math.atan2(Math.sin(theta) * Math.sin(delta) * Math.cos(phi1), Math.cos(delta) - Math.sin(phi1) * Math.sin(phi2));
  return { latitude: (phi2 * 180) / Math.PI, longitude: (((lambda2 * 180) / Math.PI + 540) % 360) - 180 };
}

function fallbackArea(location: SeedLocation): AreaInfo {
  return {
    areaCode: '555',
    localities: [[location.city, '']],
    streets: ['Airport Rd', 'Main St', 'Commerce Dr', 'Industrial Pkwy'],
  };
}

/** Daily price snapped to retail-looking cents within the allowed band. */
function retailPrice(raw: number, cruise: boolean, rng: Rng): number {
  const [minDollars, maxDollars] = cruise ? [15, 29] : [8, 39];
  const dollars = clamp(Math.floor(raw), minDollars, maxDollars);
  const cents = dollars === 8 || dollars === 39 ? 0.95 : rng.pick([0.95, 0.95, 0.99, 0.49, 0.5]);
  return round(dollars + cents, 2);
}

function pickKinds(count: number, rng: Rng): LotKind[] {
  const kinds: LotKind[] = ['economy', rng.pick<LotKind>(['covered', 'valet'])];
  let premiumUsed = false;
  while (kinds.length < count) {
    const kind = rng.pick(EXTRA_KINDS);
    if (kind === 'premium') {
      if (premiumUsed) continue;
      premiumUsed = true;
    }
    kinds.push(kind);
  }
  return kinds;
}

function pickAmenities(kind: LotKind, is24h: boolean, walk: boolean, cruise: boolean, rng: Rng): Amenity[] {
  const set = new Set<Amenity>(['Security Cameras']);
  const maybe = (amenity: Amenity, probability: number) => {
    if (rng.chance(probability)) set.add(amenity);
  };
  if (!walk) set.add('Shuttle');
  if (is24h) set.add('24/7');
  switch (kind) {
    case 'economy':
      set.add('Gated');
      maybe('Oversize Vehicles', cruise ? 0.7 : 0.45);
      maybe('Wheelchair Accessible', 0.4);
      maybe('EV Charging', 0.15);
      break;
    case 'standard':
      maybe('Gated', 0.7);
      maybe('Wheelchair Accessible', 0.5);
      maybe('Luggage Assistance', 0.4);
      maybe('Oversize Vehicles', cruise ? 0.5 : 0.25);
      maybe('EV Charging', 0.25);
      break;
    case 'hotel':
      set.add('Wheelchair Accessible');
      maybe('Luggage Assistance', 0.5);
      maybe('EV Charging', 0.3);
      break;
    case 'covered':
      set.add('Covered');
      set.add('Gated');
      maybe('EV Charging', 0.5);
      maybe('Car Wash', 0.25);
      maybe('Wheelchair Accessible', 0.5);
      maybe('Luggage Assistance', 0.5);
      break;
    case 'valet':
      set.add('Valet');
      set.add('Luggage Assistance');
      maybe('Covered', 0.5);
      maybe('Car Wash', 0.5);
      maybe('EV Charging', 0.4);
      maybe('Gated', 0.6);
      break;
    case 'premium':
      set.add('Gated');
      set.add('Wheelchair Accessible');
      maybe('Covered', 0.6);
      maybe('EV Charging', 0.5);
      maybe('Valet', 0.25);
      break;
  }
  // Keep the output in vocabulary order for stable, readable data.
  return AMENITIES.filter((amenity) => set.has(amenity));
}

function pickVehicleTypes(amenities: readonly Amenity[], rng: Rng): VehicleType[] {
  const set = new Set<VehicleType>(['Car', 'SUV']);
  if (rng.chance(0.9)) set.add('Minivan');
  if (rng.chance(amenities.includes('Covered') ? 0.4 : 0.7)) set.add('Truck');
  if (amenities.includes('Oversize Vehicles')) set.add('Oversize / RV');
  if (!amenities.includes('Valet') && rng.chance(0.4)) set.add('Motorcycle');
  return VEHICLE_TYPES.filter((type) => set.has(type));
}

function securityText(amenities: readonly Amenity[], kind: LotKind, rng: Rng): string {
  const parts: string[] = [];
  if (amenities.includes('Gated')) parts.push(rng.pick(['Fenced and gated', 'Gated entry with ticketed access', 'Perimeter fencing and gated entry']));
  if (amenities.includes('Security Cameras')) parts.push(rng.pick(['24/7 CCTV', 'HD security cameras throughout', 'Monitored video surveillance']));
  parts.push(
    kind === 'hotel'
      ? 'front desk staffed around the clock'
      : rng.pick(['on-site attendants', 'regular security patrols', 'attendants on duty during operating hours', 'license plate recognition at entry']),
  );
  if (rng.chance(0.5)) parts.push(rng.pick(['well-lit at night', 'LED lighting throughout', 'keys stored in a locked key room']));
  const text = parts.join(', ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

// ---------------------------------------------------------------------------
// Generator
// ---------------------------------------------------------------------------

/** Deterministically generate 4–10 fictional parking providers around a location. */
export function generateProviders(location: SeedLocation): SeedProvider[] {
  const rng = new Rng(hashString(`parkpilot:${location.code}`));
  const area = AREAS[location.code] ?? fallbackArea(location);
  const cruise = location.kind === 'cruise_port';
  const token = area.token ?? (cruise ? location.shortName : location.city);
  const brands = rng.shuffle(cruise ? CRUISE_BRANDS : AIRPORT_BRANDS);
  const hotels = rng.shuffle(cruise ? CRUISE_HOTELS : AIRPORT_HOTELS);
  const patterns = cruise ? CRUISE_NAME_PATTERNS : AIRPORT_NAME_PATTERNS;
  const maxMiles = Math.min(area.maxMiles ?? MAX_PROVIDER_MILES, 5.9);
  const priceFactor = PREMIUM_MARKETS.has(location.code) ? 1.3 : UPSCALE_MARKETS.has(location.code) ? 1.12 : 1;
  const count = LARGE_MARKETS.has(location.code) ? rng.int(7, 10) : rng.int(4, 8);
  const kinds = pickKinds(count, rng);
  const terminal = cruise ? 'cruise terminal' : 'terminal';

  const usedNames = new Set<string>();
  const usedStreets = new Set<string>();
  let brandIndex = 0;
  let hotelIndex = 0;

  return kinds.map((kind, index): SeedProvider => {
    const profile = KIND_PROFILES[kind];

    // --- Name (unique within the location; tokens make it unique overall) ---
    let name = '';
    for (let attempt = 0; attempt < 12 && (name === '' || usedNames.has(name)); attempt++) {
      const brand = brands[brandIndex++ % brands.length] ?? '';
      const hotel = kind === 'hotel' ? (hotels[hotelIndex++ % hotels.length] ?? '') : '';
      name = fillPattern(rng.pick(patterns[kind]), { b: brand, c: location.code, l: token, h: hotel });
    }
    if (usedNames.has(name)) name = `${name} Lot ${index + 1}`;
    usedNames.add(name);

    // --- Position ---
    const [minMiles, kindMax] = profile.miles;
    const upper = Math.min(kindMax, maxMiles);
    const lower = Math.min(Math.max(minMiles, 0.35), upper - 0.1);
    const miles = rng.float(lower, upper);
    const [from, to] = area.sector ?? [0, 360];
    const span = (to - from + 360) % 360 || 360;
    const bearing = (from + rng.float(0, span)) % 360;
    const point = destinationPoint(location, bearing, miles);
    const latitude = round(point.latitude, 5);
    const longitude = round(point.longitude, 5);
    const distanceMiles = round(haversineMiles(location, { latitude, longitude }), 1);
    const walk = distanceMiles <= 0.6;
    const walkMinutes = Math.max(5, Math.round(distanceMiles * 20));

    // --- Address ---
    const [town, zip] = rng.pick(area.localities);
    const freshStreets = area.streets.filter((street) => !usedStreets.has(street));
    const street = rng.pick(freshStreets.length > 0 ? freshStreets : area.streets);
    usedStreets.add(street);
    const houseNumber = area.hyphenatedNumbers
      ? `${rng.int(90, 249)}-${pad2(rng.int(1, 99))}`
      : String(area.numberRange ? rng.int(area.numberRange[0], area.numberRange[1]) : rng.int(100, 9899));
    const address = `${houseNumber} ${street}, ${town}, ${location.state}${zip ? ` ${zip}` : ''}`;

    // --- Price: closer lots within an archetype cost more ---
    const [priceLow, priceHigh] = cruise ? profile.cruisePrice : profile.airportPrice;
    const closeness = upper > lower ? 1 - (miles - lower) / (upper - lower) : 1;
    const rawPrice = (priceLow + (priceHigh - priceLow) * (0.6 * closeness + 0.4 * rng.float())) * priceFactor;
    const price = retailPrice(rawPrice, cruise, rng);
    const discount = rng.float(0.1, 0.25);
    const weeklyRate = round(Math.floor(price * 7 * (1 - discount)) + 0.95, 2);

    // --- Capacity, hours, amenities ---
    const capacity = Math.round(rng.int(profile.capacity[0], profile.capacity[1]) / 5) * 5;
    const is24h = kind === 'hotel' || rng.chance(cruise ? 0.3 : 0.6);
    const hours = rng.pick(cruise ? CRUISE_HOURS : AIRPORT_HOURS);
    const operatingHours = is24h ? '24/7' : `${hours} daily`;
    const amenities = pickAmenities(kind, is24h, walk, cruise, rng);
    const vehicleTypes = pickVehicleTypes(amenities, rng);

    // --- Shuttle ---
    const frequency = cruise ? rng.pick([15, 20, 30]) : rng.pick([5, 10, 10, 15, 15, 20]);
    const frequencyText = `every ${frequency}-${frequency + (cruise ? 10 : 5)} minutes`;
    let shuttleInfo: string;
    if (walk) {
      shuttleInfo = `Walk to ${terminal} (${walkMinutes} minutes)`;
    } else if (cruise) {
      shuttleInfo = `Free shuttle to the cruise terminal ${frequencyText} on sailing days, ${rng.pick(['10:00 AM - 3:00 PM', '10:30 AM - 2:30 PM', '9:30 AM - 3:30 PM'])}; return pick-up from ${rng.pick(['7:00 AM', '7:30 AM', '8:00 AM'])} on disembarkation day`;
    } else if (kind === 'valet') {
      shuttleInfo = `Valet takes your car at the lot; free shuttle to departures ${frequencyText}, ${is24h ? '24/7' : hours}`;
    } else if (kind === 'hotel') {
      shuttleInfo = `Free hotel shuttle ${frequencyText}, 24/7`;
    } else {
      shuttleInfo = `Free shuttle ${frequencyText}, ${is24h ? '24/7' : hours}`;
    }

    // --- Features (3-6) ---
    const core: string[] = [];
    const extras: string[] = [];
    if (walk) core.push(`${walkMinutes}-minute walk to the ${terminal}`);
    else if (cruise) core.push(`Free shuttle to the pier ${frequencyText}`);
    else core.push(`Free shuttle ${frequencyText}`);
    if (kind === 'valet') core.push('Valet parks and retrieves your car');
    else core.push(rng.pick(['Keep your keys', 'Guaranteed space with your reservation', 'Self-park and go']));
    if (amenities.includes('Covered')) {
      core.push(
        SUNNY_STATES.has(location.state)
          ? 'Covered spaces keep your car out of the sun'
          : SNOWY_STATES.has(location.state)
            ? 'Covered spaces: no snow to scrape off'
            : 'Covered, weather-protected spaces',
      );
    }
    if (kind === 'economy') extras.push(rng.pick(['Lowest long-term rates nearby', 'Budget-friendly weekly rates', 'Great value for long trips']));
    if (kind === 'hotel') extras.push('Stay the night before and park for your whole trip');
    if (amenities.includes('Luggage Assistance')) extras.push(cruise ? 'Drivers load your luggage for you' : 'Help with bags at the shuttle');
    if (amenities.includes('EV Charging')) extras.push(rng.pick(['Level 2 EV chargers', 'EV charging while you travel']));
    if (amenities.includes('Car Wash')) extras.push('Optional car wash while you are away');
    if (amenities.includes('Oversize Vehicles')) extras.push(cruise ? 'Room for RVs, trailers and tow vehicles' : 'Oversize and trailer spaces');
    if (amenities.includes('24/7')) extras.push('Open 24 hours');
    if (cruise) extras.push(rng.pick(['Shuttle timed to boarding windows', 'Pick-up waiting when you disembark', 'Park for the length of your sailing']));
    extras.push(rng.pick(['Mobile pass, no printing needed', 'Contactless check-in', 'Live shuttle tracking', 'Friendly local staff']));
    const featureCount = Math.min(rng.int(3, 6), core.length + extras.length);
    const features = [...core, ...rng.shuffle(extras)].slice(0, Math.max(3, featureCount));

    // --- Images ---
    const labels = rng.shuffle(IMAGE_LABELS[kind]).slice(0, rng.int(2, 4));
    const imageUrls = labels.map((label) => `/api/placeholder/800/500?label=${encodeURIComponent(label)}&v=${rng.int(1, 24)}`);

    // --- Description (2-3 sentences) ---
    const kindPhrase: Record<LotKind, string> = {
      economy: 'an open-air economy lot',
      standard: 'a fenced self-park lot',
      hotel: 'a park-and-fly hotel lot',
      covered: 'a covered parking garage',
      valet: 'a full-service valet lot',
      premium: 'a close-in premium garage',
    };
    const phrase = cruise && kind === 'hotel' ? 'a park-and-cruise hotel lot' : kindPhrase[kind];
    const sentences = [`${name} is ${phrase} on ${street} in ${town}, ${formatMiles(distanceMiles)} from ${location.name}.`];
    if (walk) sentences.push(`The ${terminal} is an easy ${walkMinutes}-minute walk, so there is no shuttle to wait for.`);
    else if (kind === 'valet') sentences.push(`Hand your keys to an attendant and ride the free shuttle ${frequencyText}; your car is ready when you return.`);
    else if (cruise) sentences.push(`A free shuttle runs to the pier ${frequencyText} on sailing days and meets you again when your ship returns.`);
    else sentences.push(`A free shuttle runs to the ${terminal} ${frequencyText}${is24h ? ', day and night' : ` from ${hours.replace(' - ', ' to ')}`}.`);
    if (amenities.includes('Oversize Vehicles')) sentences.push('Oversize spaces make it a good pick for trucks, RVs and trailers.');
    else if (amenities.includes('Covered') && SUNNY_STATES.has(location.state)) sentences.push('Covered spaces keep your car cool while you are away.');
    else if (kind === 'economy') sentences.push(`It is one of the best-value options for long trips from ${location.shortName}.`);
    const description = sentences.join(' ');

    // --- Contact ---
    // No rating or review count: the demonstration lots have no reviews, and a made-up score would be shown as
    // real. The two draws that used to invent them stay, so every value drawn after them is as it was.
    rng.float();
    rng.float();
    const phoneNumber = `(${area.areaCode}) 555-01${pad2(rng.int(0, 99))}`;
    const cancellationPolicy = rng.pick(cruise ? CRUISE_CANCELLATION : AIRPORT_CANCELLATION);
    const sourceRoll = rng.float();
    const pricingSource: SeedProvider['pricingSource'] = sourceRoll < 0.25 ? 'scraping' : sourceRoll < 0.7 ? 'partner' : 'static';

    return {
      locationCode: location.code,
      name,
      slug: slugify(name),
      address,
      latitude,
      longitude,
      distanceMiles,
      distance: `${formatMiles(distanceMiles)} from ${terminal}`,
      price,
      weeklyRate,
      capacity,
      features,
      amenities: [...amenities],
      vehicleTypes: [...vehicleTypes],
      shuttleInfo,
      securityFeatures: securityText(amenities, kind, rng),
      imageUrls,
      description,
      operatingHours,
      phoneNumber,
      website: null,
      cancellationPolicy,
      pricingSource,
    };
  });
}

export const PROVIDERS: SeedProvider[] = LOCATIONS.flatMap((location) => generateProviders(location));
