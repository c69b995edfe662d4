/**
 * The vehicle catalogue the stock generator draws from: real makes with realistic models,
 * badges, series, body, fuel, drive, seats and a new price. Real model names are facts; every
 * dealer, car and price built from them is fictional sample data.
 */

/** simple_body values the site searches by (SPEC §2 body styles, plus vans). */
export type Body = 'SUV' | 'Hatchback' | 'Ute' | 'Coupe' | 'Sedan' | 'Wagon' | 'Van';

/** simple_fuel values. */
export type SimpleFuel = 'Petrol' | 'Diesel' | 'Hybrid' | 'Electric';

/** One model of a make. */
export interface CatalogueModel {
  model: string;
  body: Body;
  badges: string[];
  series: string;
  fuel: SimpleFuel;
  drive: '2WD' | 'AWD' | '4WD';
  seats: number;
  /** Typical new price in dollars, before the generator's spread. */
  price: number;
  /** The first model year sold under this name: no car of the model is older. */
  firstYear: number;
  /** The last model year of a model no longer made (a used car is no newer); null while it is sold new. */
  lastYear: number | null;
}

/**
 * 'Model|Body|badge,badge|Series|Fuel|Drive|seats|price|years' rows, kept terse so the table
 * stays readable. `years` is the first model year ('2022'), or first and last of a model no
 * longer made ('2013-2017').
 */
const ROWS: Record<string, string[]> = {
  Subaru: [
    'Forester|SUV|2.5i,2.5i-L,2.5i Premium,Hybrid L,Hybrid S|SL|Hybrid|AWD|5|44990|1997',
    'Crosstrek|SUV|2.0R,2.0R-L,Hybrid S|GU|Hybrid|AWD|5|38990|2023',
    'Outback|Wagon|AWD,AWD Sport,AWD Touring XT|BT|Petrol|AWD|5|47990|1996',
    'WRX|Sedan|AWD,tS|VN|Petrol|AWD|5|56990|2014',
    'BRZ|Coupe|S,tS|ZD8|Petrol|2WD|4|43990|2012',
    'Impreza|Hatchback|2.0i,2.0S|GU|Petrol|AWD|5|33990|1993',
    'Solterra|SUV|AWD,AWD Touring|XEAM|Electric|AWD|5|69990|2023',
  ],
  Toyota: [
    'HiLux|Ute|WorkMate,SR,SR5,Rogue,GR Sport|AN120|Diesel|4WD|5|58990|1968',
    'RAV4|SUV|GX,GXL,XSE,Cruiser,Edge|AXAH54R|Hybrid|AWD|5|46990|1994',
    'Corolla|Hatchback|Ascent Sport,SX,ZR|ZWE219R|Hybrid|2WD|5|33990|1966',
    'LandCruiser Prado|SUV|GX,GXL,VX,Kakadu|J250|Diesel|4WD|7|79990|1996',
    'Camry|Sedan|Ascent,SL|AXVH71R|Hybrid|2WD|5|41990|1983',
    'HiAce|Van|LWB,SLWB|GDH300R|Diesel|2WD|3|52990|1967',
    'Kluger|SUV|GX,GXL,Grande|AXUH78R|Hybrid|AWD|7|64990|2003',
    'Yaris Cross|SUV|GX,GXL,Urban|MXPJ10R|Hybrid|2WD|5|32990|2020',
  ],
  Ford: [
    'Ranger|Ute|XL,XLS,XLT,Sport,Wildtrak,Raptor|PY|Diesel|4WD|5|58990|2006',
    'Ranger PHEV|Ute|XLT,Wildtrak,Stormtrak|PY|Hybrid|4WD|5|72990|2025',
    'Everest|SUV|Ambiente,Trend,Sport,Platinum|UB|Diesel|4WD|7|64990|2015',
    'Mustang|Coupe|GT,Dark Horse|S650|Petrol|2WD|4|72990|2015',
    'Transit Custom|Van|Trend,Sport|VN|Diesel|2WD|3|56990|2014',
    'Puma|SUV|Base,ST-Line|JK|Petrol|2WD|5|34990|2020',
  ],
  Mazda: [
    'CX-5|SUV|G20 Maxx,G25 Maxx Sport,G25 Touring,Akera|KF|Petrol|AWD|5|41990|2012',
    'CX-3|SUV|G20 Pure,G20 Evolve|DK|Petrol|2WD|5|29990|2015',
    'Mazda3|Hatchback|G20 Pure,G20 Evolve,G25 Astina|BP|Petrol|2WD|5|33990|2004',
    'BT-50|Ute|XS,XT,GT,Thunder|TF|Diesel|4WD|5|55990|2006',
    'CX-60|SUV|G40e Evolve,P50e GT|KH|Hybrid|AWD|5|62990|2022',
    'MX-5|Coupe|Roadster,RF GT|ND|Petrol|2WD|2|44990|1989',
  ],
  Kia: [
    'Sportage|SUV|S,SX,GT-Line,Hybrid GT-Line|NQ5|Hybrid|AWD|5|42990|1995',
    'Seltos|SUV|S,Sport,GT-Line|SP2|Petrol|2WD|5|32990|2019',
    'Carnival|Van|S,Sport+,Platinum|KA4|Diesel|2WD|8|59990|1999',
    'EV6|SUV|Air,GT-Line|CV|Electric|AWD|5|72990|2021',
    'Picanto|Hatchback|S,GT-Line|JA|Petrol|2WD|5|17990|2011',
    'Tasman|Ute|S,SX,X-Pro|TK|Diesel|4WD|5|64990|2025',
  ],
  Nissan: [
    'Navara|Ute|SL,ST,ST-X,PRO-4X|D23|Diesel|4WD|5|56990|1986',
    'X-Trail|SUV|ST,ST-L,Ti,e-POWER Ti-L|T33|Hybrid|AWD|7|47990|2001',
    'Qashqai|SUV|ST,ST+,Ti|J12|Petrol|2WD|5|37990|2014',
    'Patrol|SUV|Ti,Ti-L,Warrior|Y62|Petrol|4WD|8|92990|1988',
    'Leaf|Hatchback|Standard,e+|ZE1|Electric|2WD|5|52990|2012',
  ],
  Hyundai: [
    'Tucson|SUV|Base,Elite,Highlander|NX4|Hybrid|AWD|5|42990|2004',
    'i30|Hatchback|Base,Active,N Line|PD|Petrol|2WD|5|29990|2007',
    'Santa Fe|SUV|Base,Elite,Calligraphy|MX5|Hybrid|AWD|7|62990|2000',
    'Kona|SUV|Base,N Line,Electric Premium|SX2|Electric|2WD|5|36990|2017',
    'Staria|Van|Load,Elite|US4|Diesel|2WD|8|56990|2021',
  ],
  Mitsubishi: [
    'Triton|Ute|GLX,GLX+,GLS,GSR|MV|Diesel|4WD|5|52990|1978',
    'Outlander|SUV|ES,LS,Aspire,PHEV Exceed|ZM|Hybrid|AWD|7|44990|2003',
    'ASX|SUV|GS,LS,Exceed|XD|Petrol|2WD|5|30990|2010',
    'Pajero Sport|SUV|GLX,GLS,Exceed|QF|Diesel|4WD|7|54990|2015',
  ],
  MG: [
    'ZS|SUV|Vibe,Excite,Essence|AZS1|Hybrid|2WD|5|29990|2017',
    'MG4|Hatchback|Excite 51,Essence 64,XPOWER|EH32|Electric|2WD|5|39990|2023',
    'HS|SUV|Vibe,Excite,Essence PHEV|AS23|Hybrid|2WD|5|36990|2019',
    'MG3|Hatchback|Vibe,Excite|SZP1|Hybrid|2WD|5|23990|2013',
  ],
  GWM: ['Cannon|Ute|Lux,Ultra,Alpha|NPW|Diesel|4WD|5|44990|2021', 'Ora|Hatchback|Standard,Extended,GT|ES11|Electric|2WD|5|35990|2022'],
  Haval: ['Jolion|SUV|Premium,Lux,Ultra Hybrid|A01|Hybrid|2WD|5|29990|2021', 'H6|SUV|Premium,Lux,Ultra|B01|Petrol|AWD|5|36990|2018'],
  Suzuki: [
    'Jimny|SUV|Lite,GLX,XL|GJ|Petrol|4WD|4|34990|1998',
    'Swift|Hatchback|Hybrid,Hybrid GLX,Hybrid Plus|AZ|Hybrid|2WD|5|25990|2005',
    'Vitara|SUV|Base,Turbo,Turbo ALLGRIP|LY|Petrol|AWD|5|33990|2015',
  ],
  LDV: ['T60|Ute|Pro,Max,Max Ultra|SK8C|Diesel|4WD|5|44990|2017', 'Deliver 9|Van|LWB,Mid Roof|SV7C|Diesel|2WD|3|52990|2020'],
  BYD: [
    'Atto 3|SUV|Standard,Extended|EKEA|Electric|2WD|5|44990|2022',
    'Seal|Sedan|Dynamic,Premium,Performance|EKEC|Electric|AWD|5|54990|2024',
    'Dolphin|Hatchback|Dynamic,Premium|EKEB|Electric|2WD|5|36990|2023',
    'Shark 6|Ute|Premium|PHEV|Hybrid|4WD|5|57990|2025',
  ],
  Polestar: [
    'Polestar 2|Sedan|Standard Range,Long Range Dual Motor|MY25|Electric|AWD|5|69990|2022',
    'Polestar 4|SUV|Long Range Single Motor,Dual Motor|MY25|Electric|AWD|5|79990|2024',
  ],
  Tesla: ['Model 3|Sedan|RWD,Long Range,Performance|MY25|Electric|AWD|5|58990|2019', 'Model Y|SUV|RWD,Long Range|MY25|Electric|AWD|5|62990|2022'],
  Isuzu: ['D-MAX|Ute|SX,LS-M,LS-U,X-Terrain|RG|Diesel|4WD|5|56990|2008', 'MU-X|SUV|LS-M,LS-U,LS-T|RJ|Diesel|4WD|7|62990|2013'],
  Jeep: [
    'Wrangler|SUV|Sport S,Rubicon|JL|Petrol|4WD|5|79990|1987',
    'Grand Cherokee|SUV|Night Eagle,Limited,Summit Reserve|WL|Petrol|4WD|5|84990|1993',
    'Gladiator|Ute|Night Eagle,Rubicon|JT|Petrol|4WD|5|82990|2020',
  ],
  Volkswagen: [
    'Amarok|Ute|Core,Life,Style,Aventura|NF|Diesel|4WD|5|62990|2011',
    'Golf|Hatchback|Life,R-Line,GTI,R|8|Petrol|2WD|5|39990|1976',
    'Tiguan|SUV|Life,Elegance,R-Line|CT|Petrol|AWD|7|52990|2008',
    'Transporter|Van|TDI340 SWB,TDI450 LWB|T6.1|Diesel|2WD|3|55990|1955',
  ],
  Honda: [
    'CR-V|SUV|VTi,VTi L7,e:HEV RS|RS|Hybrid|AWD|7|48990|1997',
    'Civic|Hatchback|VTi LX,e:HEV LX,Type R|11TH|Petrol|2WD|5|47990|1973',
    'HR-V|SUV|Vi X,e:HEV L|RV|Hybrid|2WD|5|36990|2015',
  ],
  Holden: [
    'Commodore|Sedan|Evoke,SV6,SS-V Redline|VF II|Petrol|2WD|5|45990|2013-2017',
    'Colorado|Ute|LS,LTZ,Z71|RG|Diesel|4WD|5|49990|2012-2020',
    'Captiva|SUV|LS,LTZ|CG|Diesel|AWD|7|36990|2006-2018',
  ],
  Chevrolet: [
    'Silverado|Ute|LT Trail Boss,LTZ Premium|T1|Petrol|4WD|5|69990|2019',
    'Equinox|SUV|LS,LT,RS|3XX|Petrol|AWD|5|32990|2005',
    'Malibu|Sedan|LS,LT|9BQC|Petrol|2WD|5|27990|1997-2025',
  ],
  RAM: ['1500|Ute|Express,Laramie,Limited|DT|Petrol|4WD|5|79990|2010'],
};

/** The catalogue: make -> its models. */
export const CATALOGUE: Record<string, CatalogueModel[]> = Object.fromEntries(
  Object.entries(ROWS).map(([make, rows]) => [
    make,
    rows.map((row): CatalogueModel => {
      const [model, body, badges, series, fuel, drive, seats, price, years] = row.split('|');
      const [firstYear, lastYear] = years.split('-').map(Number);
      return {
        model,
        body: body as Body,
        badges: badges.split(','),
        series,
        fuel: fuel as SimpleFuel,
        drive: drive as CatalogueModel['drive'],
        seats: Number(seats),
        price: Number(price),
        firstYear,
        lastYear: lastYear ?? null,
      };
    }),
  ]),
);

/** Makes used cars are traded in from when the dealer has no brands of its own. */
export const USED_MAKES = Object.keys(CATALOGUE);

/**
 * Paint colours, as feeds write them, each with the placeholder picture of its shade
 * (templates/assets/cars/<body>-<n>.svg: 1 red, 2 blue, 3 grey for every other paint).
 */
export const COLOURS: { name: string; image: number }[] = [
  { name: 'White', image: 3 },
  { name: 'Crystal White Pearl', image: 3 },
  { name: 'Silver', image: 3 },
  { name: 'Grey', image: 3 },
  { name: 'Magnetite Grey', image: 3 },
  { name: 'Black', image: 3 },
  { name: 'Red', image: 1 },
  { name: 'Soul Red Crystal', image: 1 },
  { name: 'Blue', image: 2 },
  { name: 'Horizon Blue', image: 2 },
  { name: 'Green', image: 3 },
  { name: 'Orange', image: 1 },
  { name: 'Bronze', image: 3 },
];

/** Optional equipment for the search document's filtered_features. */
export const FEATURES = [
  'Apple CarPlay',
  'Android Auto',
  'Reversing Camera',
  'Adaptive Cruise Control',
  'Heated Seats',
  'Sunroof',
  'Tow Bar',
  'Bull Bar',
  'Leather Seats',
  '360 Camera',
  'Roof Racks',
  'Wireless Charging',
];

/** Long fuel descriptions keyed by simple_fuel. */
export const FUEL_NAMES: Record<SimpleFuel, string> = {
  Petrol: 'Petrol - Unleaded ULP',
  Diesel: 'Diesel',
  Hybrid: 'Hybrid - Petrol/Electric',
  Electric: 'Electric',
};
