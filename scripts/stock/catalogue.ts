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
}

/** 'Model|Body|badge,badge|Series|Fuel|Drive|seats|price' rows, kept terse so the table stays readable. */
const ROWS: Record<string, string[]> = {
  Subaru: [
    'Forester|SUV|2.5i,2.5i-L,2.5i Premium,Hybrid L,Hybrid S|SL|Hybrid|AWD|5|44990',
    'Crosstrek|SUV|2.0R,2.0R-L,Hybrid S|GU|Hybrid|AWD|5|38990',
    'Outback|Wagon|AWD,AWD Sport,AWD Touring XT|BT|Petrol|AWD|5|47990',
    'WRX|Sedan|AWD,tS|VN|Petrol|AWD|5|56990',
    'BRZ|Coupe|S,tS|ZD8|Petrol|2WD|4|43990',
    'Impreza|Hatchback|2.0i,2.0S|GU|Petrol|AWD|5|33990',
    'Solterra|SUV|AWD,AWD Touring|XEAM|Electric|AWD|5|69990',
  ],
  Toyota: [
    'HiLux|Ute|WorkMate,SR,SR5,Rogue,GR Sport|AN120|Diesel|4WD|5|58990',
    'RAV4|SUV|GX,GXL,XSE,Cruiser,Edge|AXAH54R|Hybrid|AWD|5|46990',
    'Corolla|Hatchback|Ascent Sport,SX,ZR|ZWE219R|Hybrid|2WD|5|33990',
    'LandCruiser Prado|SUV|GX,GXL,VX,Kakadu|J250|Diesel|4WD|7|79990',
    'Camry|Sedan|Ascent,SL|AXVH71R|Hybrid|2WD|5|41990',
    'HiAce|Van|LWB,SLWB|GDH300R|Diesel|2WD|3|52990',
    'Kluger|SUV|GX,GXL,Grande|AXUH78R|Hybrid|AWD|7|64990',
    'Yaris Cross|SUV|GX,GXL,Urban|MXPJ10R|Hybrid|2WD|5|32990',
  ],
  Ford: [
    'Ranger|Ute|XL,XLS,XLT,Sport,Wildtrak,Raptor|PY|Diesel|4WD|5|58990',
    'Ranger PHEV|Ute|XLT,Wildtrak,Stormtrak|PY|Hybrid|4WD|5|72990',
    'Everest|SUV|Ambiente,Trend,Sport,Platinum|UB|Diesel|4WD|7|64990',
    'Mustang|Coupe|GT,Dark Horse|S650|Petrol|2WD|4|72990',
    'Transit Custom|Van|Trend,Sport|VN|Diesel|2WD|3|56990',
    'Puma|SUV|Base,ST-Line|JK|Petrol|2WD|5|34990',
  ],
  Mazda: [
    'CX-5|SUV|G20 Maxx,G25 Maxx Sport,G25 Touring,Akera|KF|Petrol|AWD|5|41990',
    'CX-3|SUV|G20 Pure,G20 Evolve|DK|Petrol|2WD|5|29990',
    'Mazda3|Hatchback|G20 Pure,G20 Evolve,G25 Astina|BP|Petrol|2WD|5|33990',
    'BT-50|Ute|XS,XT,GT,Thunder|TF|Diesel|4WD|5|55990',
    'CX-60|SUV|G40e Evolve,P50e GT|KH|Hybrid|AWD|5|62990',
    'MX-5|Coupe|Roadster,RF GT|ND|Petrol|2WD|2|44990',
  ],
  Kia: [
    'Sportage|SUV|S,SX,GT-Line,Hybrid GT-Line|NQ5|Hybrid|AWD|5|42990',
    'Seltos|SUV|S,Sport,GT-Line|SP2|Petrol|2WD|5|32990',
    'Carnival|Van|S,Sport+,Platinum|KA4|Diesel|2WD|8|59990',
    'EV6|SUV|Air,GT-Line|CV|Electric|AWD|5|72990',
    'Picanto|Hatchback|S,GT-Line|JA|Petrol|2WD|5|17990',
    'Tasman|Ute|S,SX,X-Pro|TK|Diesel|4WD|5|64990',
  ],
  Nissan: [
    'Navara|Ute|SL,ST,ST-X,PRO-4X|D23|Diesel|4WD|5|56990',
    'X-Trail|SUV|ST,ST-L,Ti,e-POWER Ti-L|T33|Hybrid|AWD|7|47990',
    'Qashqai|SUV|ST,ST+,Ti|J12|Petrol|2WD|5|37990',
    'Patrol|SUV|Ti,Ti-L,Warrior|Y62|Petrol|4WD|8|92990',
    'Leaf|Hatchback|Standard,e+|ZE1|Electric|2WD|5|52990',
  ],
  Hyundai: [
    'Tucson|SUV|Base,Elite,Highlander|NX4|Hybrid|AWD|5|42990',
    'i30|Hatchback|Base,Active,N Line|PD|Petrol|2WD|5|29990',
    'Santa Fe|SUV|Base,Elite,Calligraphy|MX5|Hybrid|AWD|7|62990',
    'Kona|SUV|Base,N Line,Electric Premium|SX2|Electric|2WD|5|36990',
    'Staria|Van|Load,Elite|US4|Diesel|2WD|8|56990',
  ],
  Mitsubishi: [
    'Triton|Ute|GLX,GLX+,GLS,GSR|MV|Diesel|4WD|5|52990',
    'Outlander|SUV|ES,LS,Aspire,PHEV Exceed|ZM|Hybrid|AWD|7|44990',
    'ASX|SUV|GS,LS,Exceed|XD|Petrol|2WD|5|30990',
    'Pajero Sport|SUV|GLX,GLS,Exceed|QF|Diesel|4WD|7|54990',
  ],
  MG: [
    'ZS|SUV|Vibe,Excite,Essence|AZS1|Hybrid|2WD|5|29990',
    'MG4|Hatchback|Excite 51,Essence 64,XPOWER|EH32|Electric|2WD|5|39990',
    'HS|SUV|Vibe,Excite,Essence PHEV|AS23|Hybrid|2WD|5|36990',
    'MG3|Hatchback|Vibe,Excite|SZP1|Hybrid|2WD|5|23990',
  ],
  GWM: ['Cannon|Ute|Lux,Ultra,Alpha|NPW|Diesel|4WD|5|44990', 'Ora|Hatchback|Standard,Extended,GT|ES11|Electric|2WD|5|35990'],
  Haval: ['Jolion|SUV|Premium,Lux,Ultra Hybrid|A01|Hybrid|2WD|5|29990', 'H6|SUV|Premium,Lux,Ultra|B01|Petrol|AWD|5|36990'],
  Suzuki: [
    'Jimny|SUV|Lite,GLX,XL|GJ|Petrol|4WD|4|34990',
    'Swift|Hatchback|Hybrid,Hybrid GLX,Hybrid Plus|AZ|Hybrid|2WD|5|25990',
    'Vitara|SUV|Base,Turbo,Turbo ALLGRIP|LY|Petrol|AWD|5|33990',
  ],
  LDV: ['T60|Ute|Pro,Max,Max Ultra|SK8C|Diesel|4WD|5|44990', 'Deliver 9|Van|LWB,Mid Roof|SV7C|Diesel|2WD|3|52990'],
  BYD: [
    'Atto 3|SUV|Standard,Extended|EKEA|Electric|2WD|5|44990',
    'Seal|Sedan|Dynamic,Premium,Performance|EKEC|Electric|AWD|5|54990',
    'Dolphin|Hatchback|Dynamic,Premium|EKEB|Electric|2WD|5|36990',
    'Shark 6|Ute|Premium|PHEV|Hybrid|4WD|5|57990',
  ],
  Polestar: [
    'Polestar 2|Sedan|Standard Range,Long Range Dual Motor|MY25|Electric|AWD|5|69990',
    'Polestar 4|SUV|Long Range Single Motor,Dual Motor|MY25|Electric|AWD|5|79990',
  ],
  Tesla: ['Model 3|Sedan|RWD,Long Range,Performance|MY25|Electric|AWD|5|58990', 'Model Y|SUV|RWD,Long Range|MY25|Electric|AWD|5|62990'],
  Isuzu: ['D-MAX|Ute|SX,LS-M,LS-U,X-Terrain|RG|Diesel|4WD|5|56990', 'MU-X|SUV|LS-M,LS-U,LS-T|RJ|Diesel|4WD|7|62990'],
  Jeep: [
    'Wrangler|SUV|Sport S,Rubicon|JL|Petrol|4WD|5|79990',
    'Grand Cherokee|SUV|Night Eagle,Limited,Summit Reserve|WL|Petrol|4WD|5|84990',
    'Gladiator|Ute|Night Eagle,Rubicon|JT|Petrol|4WD|5|82990',
  ],
  Volkswagen: [
    'Amarok|Ute|Core,Life,Style,Aventura|NF|Diesel|4WD|5|62990',
    'Golf|Hatchback|Life,R-Line,GTI,R|8|Petrol|2WD|5|39990',
    'Tiguan|SUV|Life,Elegance,R-Line|CT|Petrol|AWD|7|52990',
    'Transporter|Van|TDI340 SWB,TDI450 LWB|T6.1|Diesel|2WD|3|55990',
  ],
  Honda: [
    'CR-V|SUV|VTi,VTi L7,e:HEV RS|RS|Hybrid|AWD|7|48990',
    'Civic|Hatchback|VTi LX,e:HEV LX,Type R|11TH|Petrol|2WD|5|47990',
    'HR-V|SUV|Vi X,e:HEV L|RV|Hybrid|2WD|5|36990',
  ],
  Holden: [
    'Commodore|Sedan|Evoke,SV6,SS-V Redline|VF II|Petrol|2WD|5|45990',
    'Colorado|Ute|LS,LTZ,Z71|RG|Diesel|4WD|5|49990',
    'Captiva|SUV|LS,LTZ|CG|Diesel|AWD|7|36990',
  ],
  Chevrolet: [
    'Silverado|Ute|LT Trail Boss,LTZ Premium|T1|Petrol|4WD|5|69990',
    'Equinox|SUV|LS,LT,RS|3XX|Petrol|AWD|5|32990',
    'Malibu|Sedan|LS,LT|9BQC|Petrol|2WD|5|27990',
  ],
  RAM: ['1500|Ute|Express,Laramie,Limited|DT|Petrol|4WD|5|79990'],
};

/** The catalogue: make -> its models. */
export const CATALOGUE: Record<string, CatalogueModel[]> = Object.fromEntries(
  Object.entries(ROWS).map(([make, rows]) => [
    make,
    rows.map((row): CatalogueModel => {
      const [model, body, badges, series, fuel, drive, seats, price] = row.split('|');
      return {
        model,
        body: body as Body,
        badges: badges.split(','),
        series,
        fuel: fuel as SimpleFuel,
        drive: drive as CatalogueModel['drive'],
        seats: Number(seats),
        price: Number(price),
      };
    }),
  ]),
);

/** Makes used cars are traded in from when the dealer has no brands of its own. */
export const USED_MAKES = Object.keys(CATALOGUE);

/** Paint colours, as feeds write them. */
export const COLOURS = [
  'White',
  'Crystal White Pearl',
  'Silver',
  'Grey',
  'Magnetite Grey',
  'Black',
  'Red',
  'Soul Red Crystal',
  'Blue',
  'Horizon Blue',
  'Green',
  'Orange',
  'Bronze',
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

/** Number of colour variants of each body placeholder in templates/assets/cars/. */
export const IMAGE_VARIANTS = 3;
