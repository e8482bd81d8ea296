/**
 * The bundled catalogue of car makes and their models (spec-2 "Vehicle Details form"), Acura to
 * Yugo. Strongest on what is driven and imported in Kenya (Japanese used imports, East African
 * assemblies, European luxury makes); rarer makes list their best-known models. It is a lazy chunk of
 * its own, loaded by the vehicle form only. A model not listed can still be given as 'Other'.
 */
export interface CarMake {
  name: string;
  models: readonly string[];
}

export const CAR_MAKES: readonly CarMake[] = [
  { name: 'Acura', models: ['ILX', 'MDX', 'RDX', 'RLX', 'TLX', 'TSX'] },
  { name: 'Alfa Romeo', models: ['147', '156', '159', 'Giulia', 'Giulietta', 'MiTo', 'Stelvio'] },
  { name: 'Ashok Leyland', models: ['Dost', 'Ecomet', 'Falcon', 'Partner', 'Viking'] },
  { name: 'Aston Martin', models: ['DB11', 'DBS', 'DBX', 'Rapide', 'Vantage'] },
  {
    name: 'Audi',
    models: ['A1', 'A3', 'A4', 'A5', 'A6', 'A7', 'A8', 'e-tron', 'Q2', 'Q3', 'Q5', 'Q7', 'Q8', 'R8', 'RS3', 'S3', 'TT'],
  },
  { name: 'Bajaj', models: ['Qute', 'RE'] },
  { name: 'Bentley', models: ['Bentayga', 'Continental GT', 'Flying Spur', 'Mulsanne'] },
  {
    name: 'BMW',
    models: [
      '1 Series', '2 Series', '3 Series', '4 Series', '5 Series', '6 Series', '7 Series', '8 Series',
      'i3', 'i4', 'iX', 'X1', 'X2', 'X3', 'X4', 'X5', 'X6', 'X7', 'Z4', 'M3', 'M5',
    ],
  },
  { name: 'BYD', models: ['Atto 3', 'Dolphin', 'Han', 'Seal', 'Tang', 'T3'] },
  { name: 'Cadillac', models: ['CT5', 'Escalade', 'XT4', 'XT5', 'XT6'] },
  { name: 'Chery', models: ['Arrizo 5', 'QQ', 'Tiggo 2', 'Tiggo 4', 'Tiggo 7', 'Tiggo 8'] },
  {
    name: 'Chevrolet',
    models: ['Aveo', 'Captiva', 'Colorado', 'Cruze', 'Optra', 'Silverado', 'Spark', 'Tahoe', 'Trailblazer'],
  },
  { name: 'Chrysler', models: ['300C', 'Grand Voyager', 'Pacifica', 'PT Cruiser'] },
  { name: 'Citroën', models: ['Berlingo', 'C3', 'C4', 'C5 Aircross', 'Jumper', 'Jumpy'] },
  { name: 'Dacia', models: ['Duster', 'Logan', 'Sandero'] },
  {
    name: 'Daihatsu',
    models: ['Boon', 'Cast', 'Delta', 'Hijet', 'Mira', 'Move', 'Rocky', 'Sirion', 'Terios', 'Thor', 'Tanto'],
  },
  { name: 'Dodge', models: ['Challenger', 'Charger', 'Durango', 'Journey', 'Ram'] },
  { name: 'DongFeng', models: ['Captain', 'Glory 580', 'Rich', 'Succe'] },
  { name: 'Ferrari', models: ['296', '488', 'F8', 'Portofino', 'Roma', 'SF90'] },
  { name: 'Fiat', models: ['500', 'Doblo', 'Ducato', 'Fiorino', 'Panda', 'Punto', 'Tipo'] },
  {
    name: 'Ford',
    models: [
      'EcoSport', 'Edge', 'Everest', 'Explorer', 'F-150', 'Fiesta', 'Focus', 'Fusion', 'Kuga', 'Mustang',
      'Ranger', 'Ranger Raptor', 'Transit',
    ],
  },
  { name: 'Foton', models: ['Aumark', 'Sauvana', 'Tunland', 'View'] },
  { name: 'GAC', models: ['GS3', 'GS4', 'GS8'] },
  { name: 'Geely', models: ['Coolray', 'Emgrand', 'Okavango', 'Tugella'] },
  { name: 'Genesis', models: ['G70', 'G80', 'G90', 'GV70', 'GV80'] },
  { name: 'GMC', models: ['Acadia', 'Sierra', 'Terrain', 'Yukon'] },
  { name: 'Great Wall', models: ['Haval H2', 'Haval H6', 'Haval Jolion', 'Poer', 'Steed', 'Wingle'] },
  { name: 'Hino', models: ['300 Series', '500 Series', '700 Series', 'Dutro'] },
  {
    name: 'Honda',
    models: [
      'Accord', 'Airwave', 'City', 'Civic', 'CR-V', 'CR-Z', 'Crossroad', 'Fit', 'Freed', 'Grace', 'HR-V',
      'Insight', 'Jazz', 'Odyssey', 'Pilot', 'Shuttle', 'Stream', 'Vezel',
    ],
  },
  { name: 'Hummer', models: ['H1', 'H2', 'H3'] },
  {
    name: 'Hyundai',
    models: [
      'Accent', 'Creta', 'Elantra', 'Grand i10', 'H-1', 'i10', 'i20', 'i30', 'Ioniq', 'Kona', 'Palisade',
      'Santa Fe', 'Sonata', 'Tucson', 'Venue',
    ],
  },
  { name: 'Infiniti', models: ['FX35', 'Q50', 'Q70', 'QX50', 'QX60', 'QX80'] },
  {
    name: 'Isuzu',
    models: ['D-Max', 'Elf', 'FRR', 'FSR', 'FVZ', 'Giga', 'MU-X', 'NHR', 'NKR', 'NPR', 'NQR', 'Trooper'],
  },
  { name: 'JAC', models: ['J4', 'S3', 'T6', 'T8'] },
  { name: 'Jaguar', models: ['E-Pace', 'F-Pace', 'F-Type', 'I-Pace', 'XE', 'XF', 'XJ'] },
  {
    name: 'Jeep',
    models: ['Cherokee', 'Compass', 'Gladiator', 'Grand Cherokee', 'Renegade', 'Wrangler'],
  },
  { name: 'Kia', models: ['Carnival', 'Cerato', 'K2700', 'Picanto', 'Rio', 'Seltos', 'Sonet', 'Sorento', 'Soul', 'Sportage', 'Stinger'] },
  { name: 'King Long', models: ['Kingo', 'XMQ6900'] },
  { name: 'Lamborghini', models: ['Aventador', 'Huracán', 'Urus'] },
  {
    name: 'Land Rover',
    models: [
      'Defender', 'Discovery', 'Discovery Sport', 'Freelander', 'Range Rover', 'Range Rover Evoque',
      'Range Rover Sport', 'Range Rover Velar',
    ],
  },
  {
    name: 'Lexus',
    models: ['CT', 'ES', 'GS', 'GX', 'IS', 'LS', 'LX', 'NX', 'RX', 'UX'],
  },
  { name: 'Mahindra', models: ['Bolero', 'KUV100', 'Pik Up', 'Scorpio', 'Thar', 'XUV300', 'XUV500', 'XUV700'] },
  { name: 'MAN', models: ['TGA', 'TGM', 'TGS', 'TGX'] },
  { name: 'Maserati', models: ['Ghibli', 'Levante', 'Quattroporte'] },
  {
    name: 'Mazda',
    models: [
      'Atenza', 'Axela', 'Biante', 'BT-50', 'CX-3', 'CX-30', 'CX-5', 'CX-7', 'CX-9', 'Demio', 'Familia',
      'Mazda2', 'Mazda3', 'Mazda6', 'MPV', 'Premacy', 'Verisa',
    ],
  },
  { name: 'McLaren', models: ['570S', '720S', 'Artura', 'GT'] },
  {
    name: 'Mercedes-Benz',
    models: [
      'A-Class', 'Actros', 'Axor', 'B-Class', 'C-Class', 'CLA', 'CLS', 'E-Class', 'G-Class', 'GLA', 'GLB',
      'GLC', 'GLE', 'GLS', 'ML-Class', 'S-Class', 'Sprinter', 'V-Class', 'Vito',
    ],
  },
  { name: 'MG', models: ['HS', 'MG3', 'MG5', 'RX5', 'ZS'] },
  { name: 'Mini', models: ['Clubman', 'Cooper', 'Countryman', 'Paceman'] },
  {
    name: 'Mitsubishi',
    models: [
      'ASX', 'Canter', 'Colt', 'Delica', 'Eclipse Cross', 'Fuso Fighter', 'Galant', 'L200', 'Lancer',
      'Mirage', 'Outlander', 'Pajero', 'Pajero iO', 'Pajero Sport', 'RVR', 'Triton',
    ],
  },
  {
    name: 'Nissan',
    models: [
      'AD Van', 'Advan', 'Almera', 'Bluebird Sylphy', 'Caravan', 'Cube', 'Dualis', 'Juke', 'Latio', 'Leaf',
      'March', 'Murano', 'Navara', 'Note', 'NV200', 'Pathfinder', 'Patrol', 'Serena', 'Sunny', 'Sylphy',
      'Teana', 'Tiida', 'UD', 'Wingroad', 'X-Trail',
    ],
  },
  { name: 'Opel', models: ['Astra', 'Corsa', 'Insignia', 'Mokka', 'Vectra', 'Zafira'] },
  {
    name: 'Peugeot',
    models: ['206', '207', '208', '2008', '301', '306', '307', '308', '3008', '404', '405', '406', '407', '504', '505', '508', '5008', 'Boxer', 'Landtrek', 'Partner'],
  },
  { name: 'Porsche', models: ['911', 'Boxster', 'Cayenne', 'Cayman', 'Macan', 'Panamera', 'Taycan'] },
  { name: 'Proton', models: ['Persona', 'Saga', 'X50', 'X70'] },
  { name: 'Renault', models: ['Captur', 'Clio', 'Duster', 'Kangoo', 'Kwid', 'Koleos', 'Logan', 'Master', 'Megane', 'Sandero'] },
  { name: 'Rolls-Royce', models: ['Cullinan', 'Dawn', 'Ghost', 'Phantom', 'Wraith'] },
  { name: 'Scania', models: ['G-Series', 'P-Series', 'R-Series', 'S-Series'] },
  { name: 'Seat', models: ['Arona', 'Ateca', 'Ibiza', 'Leon'] },
  { name: 'Škoda', models: ['Fabia', 'Kamiq', 'Karoq', 'Kodiaq', 'Octavia', 'Rapid', 'Superb'] },
  { name: 'Smart', models: ['ForFour', 'ForTwo'] },
  { name: 'SsangYong', models: ['Korando', 'Musso', 'Rexton', 'Tivoli'] },
  {
    name: 'Subaru',
    models: [
      'BRZ', 'Crosstrek', 'Exiga', 'Forester', 'Impreza', 'Legacy', 'Levorg', 'Outback', 'Trezia', 'WRX',
      'XV',
    ],
  },
  {
    name: 'Suzuki',
    models: [
      'Alto', 'Baleno', 'Carry', 'Celerio', 'Ciaz', 'Dzire', 'Ertiga', 'Escudo', 'Every', 'Grand Vitara',
      'Hustler', 'Jimny', 'S-Presso', 'Solio', 'Swift', 'Vitara', 'Wagon R',
    ],
  },
  { name: 'Tata', models: ['407', '709', '1613', 'Indica', 'Nexon', 'Safari', 'Xenon'] },
  { name: 'Tesla', models: ['Model 3', 'Model S', 'Model X', 'Model Y'] },
  {
    name: 'Toyota',
    models: [
      '4Runner', 'Allion', 'Alphard', 'Auris', 'Avanza', 'Axio', 'Belta', 'C-HR', 'Camry', 'Coaster',
      'Corolla', 'Corolla Cross', 'Crown', 'Dyna', 'Esquire', 'Fielder', 'Fortuner', 'Harrier', 'Hiace',
      'Hilux', 'Ipsum', 'Isis', 'Land Cruiser', 'Land Cruiser Prado', 'Mark X', 'Noah', 'Passo', 'Premio',
      'Prius', 'Probox', 'Ractis', 'RAV4', 'Rush', 'Sienta', 'Succeed', 'Vanguard', 'Vellfire', 'Vitz',
      'Voxy', 'Wish', 'Yaris',
    ],
  },
  { name: 'UD Trucks', models: ['Condor', 'Croner', 'Quester'] },
  {
    name: 'Volkswagen',
    models: [
      'Amarok', 'Caddy', 'Crafter', 'Golf', 'ID.4', 'Jetta', 'Passat', 'Polo', 'T-Cross', 'T-Roc', 'Tiguan',
      'Touareg', 'Touran', 'Transporter',
    ],
  },
  {
    name: 'Volvo',
    models: ['FH', 'FM', 'S60', 'S80', 'S90', 'V40', 'V60', 'XC40', 'XC60', 'XC90'],
  },
  { name: 'Yugo', models: ['45', '55', '60', 'Florida', 'Koral', 'Tempo'] },
];
