import type { ProductTexts } from '@bima/domain';

/**
 * The sample market's own words in Kiswahili (issue 14): stored in each row's `translations.sw` by
 * the sample data and served to a reader who chose Kiswahili. Names that are the underwriter's
 * brand (Jubilee Motor Elite, APA Motor Plus, Britam Home Protect) stay as they are, as the
 * glossary keeps product names; a name that says what it covers is translated.
 */
export const PRODUCT_SWAHILI: Record<string, ProductTexts> = {
  'JUB-MP-ELITE': {
    description: 'Bima kamili ya hadhi ya juu yenye vikomo vikubwa na madai yanayoshughulikiwa haraka.',
    overview:
      'Bima kamili kwa magari binafsi yenye thamani ya KES 500,000 na zaidi: uharibifu wa gari lako, moto na wizi, dhima kwa mtu wa tatu, kioo cha mbele na vifaa vya burudani, kuvutwa kwa gari na gharama za matibabu.',
  },
  'APA-MP-PLUS': {
    description: 'Bima kamili ya bei nafuu yenye viwango vinavyoshuka kutoka 6 % hadi 3 %.',
    overview:
      'Bima kamili kwa magari binafsi kuanzia KES 300,000: uharibifu wa gari lako, moto na wizi, dhima kwa mtu wa tatu na kioo cha mbele, pamoja na kinga ya kiasi cha kujilipia na PVT kwa hiari.',
  },
  'CIC-MP-COMP': {
    name: 'CIC Bima Kamili ya Gari',
    description: 'Bima kamili yenye kiwango rahisi na kikomo cha matibabu kinachofaa familia.',
    overview:
      'Bima kamili kwa magari binafsi kuanzia KES 400,000: uharibifu wa gari lako, moto na wizi, dhima kwa mtu wa tatu, kioo cha mbele na gharama za matibabu.',
  },
  'BRT-MP-COMP': {
    name: 'Britam Bima ya Gari Binafsi',
    description: 'Bima kamili inayokubali pia magari ya thamani ndogo na magari ya zamani.',
    overview:
      'Bima kamili kwa magari binafsi kuanzia KES 250,000: uharibifu wa gari lako, moto na wizi, dhima kwa mtu wa tatu, kuvutwa kwa gari na kioo cha mbele.',
  },
  'APA-MP-TPFT': {
    name: 'APA Mtu wa Tatu, Moto na Wizi',
    description: 'Dhima kwa mtu wa tatu pamoja na kinga gari lako likiibwa au kuungua.',
    overview: 'Dhima kwa mtu wa tatu pamoja na moto na wizi wa gari lako, kwa magari kuanzia KES 200,000.',
  },
  'BRT-MP-TPFT': {
    name: 'Britam Mtu wa Tatu, Moto na Wizi',
    description: 'Kinga nafuu dhidi ya moto na wizi pamoja na dhima kwa mtu wa tatu.',
    overview: 'Dhima kwa mtu wa tatu pamoja na moto na wizi wa gari lako, kwa magari kuanzia KES 150,000.',
  },
  'JUB-MP-TPO': {
    name: 'Jubilee Bima ya Mtu wa Tatu Pekee',
    description: 'Bima ambayo sheria inataka, kwa bei moja isiyobadilika kwa mwaka.',
    overview:
      'Dhima ya majeraha ya mwili na uharibifu wa mali ya mtu wa tatu, kama Sheria ya Trafiki inavyotaka.',
  },
  'CIC-MP-TPO': {
    name: 'CIC Bima ya Mtu wa Tatu Pekee',
    description: 'Bima ya msingi ya kisheria kwa bei isiyobadilika iliyo ya chini kabisa sokoni.',
    overview: 'Dhima ya majeraha ya mwili na uharibifu wa mali ya mtu wa tatu.',
  },
  'ICEA-MP-TPO': {
    name: 'ICEA LION Bima ya Mtu wa Tatu Pekee',
    description: 'Bima ya mtu wa tatu yenye uwezekano wa vikomo vikubwa zaidi vya mali.',
    overview:
      'Dhima kwa mtu wa tatu, na uwezekano wa kuongeza kikomo cha uharibifu wa mali hadi KES 10,000,000.',
  },
  'JUB-MC-STD': {
    name: 'Bima ya Kawaida ya Magari ya Biashara',
    description: 'Bima kamili kwa pick-up, vani na malori yanayobeba mizigo ya mwenye gari au ya kukodishwa.',
    overview:
      'Uharibifu wa gari, moto na wizi na dhima kwa mtu wa tatu kwa magari ya biashara, kwa bei kulingana na thamani, matumizi na uzito wa gari.',
  },
  'APA-MC-EXEC': {
    name: 'Bima Bora ya Magari ya Biashara',
    description:
      'Bima kamili ya magari ya biashara yenye vikomo vikubwa zaidi, gari la kutumia kwa muda na msaada barabarani.',
    overview:
      'Kwa wenye magari mengi na madereva wamiliki wasioweza kukaa bila gari: uharibifu wa gari, dhima, kioo cha mbele, kuvutwa kwa gari na msaada barabarani.',
  },
  'BRT-MC-COMP': {
    name: 'Britam Bima Kamili ya Magari ya Biashara',
    description: 'Bima kamili ya bei nafuu kwa magari ya biashara na matatu.',
    overview:
      'Uharibifu wa gari, moto na wizi na dhima kwa mtu wa tatu kwa kiwango kizuri kwa wenye magari walio waangalifu.',
  },
  'CIC-MC-TPO': {
    name: 'Bima ya Mtu wa Tatu kwa Magari ya Biashara',
    description: 'Bima ambayo sheria inataka kwa magari ya biashara, kwa bei kulingana na uzito na matumizi.',
    overview: 'Majeraha ya mwili na uharibifu wa mali ya mtu wa tatu kwa magari ya biashara.',
  },
  'ICEA-MC-TPO': {
    name: 'ICEA LION Bima ya Mtu wa Tatu kwa Magari ya Biashara',
    description: 'Bima ya mtu wa tatu pekee kwa magari ya biashara, pamoja na dhima kwa abiria wa PSV.',
    overview: 'Majeraha ya mwili na uharibifu wa mali ya mtu wa tatu, na dhima ya kisheria kwa abiria.',
  },
  'JUB-FD-HOME': { name: 'Jubilee Bima ya Moto ya Nyumbani' },
  'CIC-FD-DOM': { name: 'CIC Bima ya Moto ya Nyumbani' },
  'BRT-FD-PROTECT': {},
  'ICEA-FD-PACK': { name: 'ICEA LION Kifurushi cha Nyumbani' },
  'APA-TH-BURG': { name: 'APA Bima ya Uvunjaji' },
  'CIC-TH-THEFT': { name: 'CIC Bima ya Wizi' },
  'ICEA-TH-BURG': { name: 'ICEA LION Bima ya Uvunjaji' },
  'JUB-AV-HULL': { name: 'Jubilee Bima ya Ndege na Dhima' },
  'ICEA-AV-HULL': { name: 'ICEA LION Bima ya Ndege' },
  'APA-AV-HULL': { name: 'APA Bima ya Ndege' },
};

/** The texts every product of a class shares (fire domestic, theft, aviation), by class code. */
export const CLASS_SWAHILI: Record<string, ProductTexts> = {
  '03': {
    description: 'Nyumba yako na vitu vya ndani dhidi ya moto, radi, mlipuko na hatari zinazofanana.',
    overview:
      'Bima ya jengo na vitu vya ndani vya nyumba binafsi, kwa bei kulingana na thamani zilizowekewa bima, ujenzi wa nyumba na wanaoishi ndani.',
  },
  '05': {
    description: 'Wizi wa vitu vyako na mali za thamani baada ya kuingia au kutoka kwa nguvu na vurugu.',
    overview:
      'Vitu vya ndani na mali za thamani kubwa dhidi ya uvunjaji na wizi, kwa punguzo kulingana na ulinzi ulio nao.',
  },
  '04': {
    description:
      'Bima ya hatari zote za ndege na dhima ya kisheria kwa ndege ndogo na helikopta zilizosajiliwa Kenya.',
    overview:
      'Kupotea au kuharibika kwa ndege ikiwa angani na ikiwa ardhini, dhima kwa mtu wa tatu na kwa abiria kwa kila kiti.',
  },
};

/** A product's Swahili texts: its own, over its class's shared ones. */
export function productSwahili(productSystemRef: string, classCode: string | undefined): ProductTexts {
  return { ...(classCode ? CLASS_SWAHILI[classCode] : undefined), ...PRODUCT_SWAHILI[productSystemRef] };
}

/** Benefit names in Kiswahili, by their English name (the same benefit has one name in every product). */
export const BENEFIT_NAME_SWAHILI: Record<string, string> = {
  'Own Damage': 'Uharibifu wa Gari Lako',
  'Fire and Theft': 'Moto na Wizi',
  'Third Party Bodily Injury': 'Majeraha ya Mwili kwa Mtu wa Tatu',
  'Third Party Property Damage': 'Uharibifu wa Mali ya Mtu wa Tatu',
  'Passenger Legal Liability': 'Dhima ya Kisheria kwa Abiria',
  'Towing and Recovery': 'Kuvutwa na Kuokolewa kwa Gari',
  'Medical Expenses': 'Gharama za Matibabu',
  'Windscreen Cover': 'Bima ya Kioo cha Mbele',
  'Entertainment Unit': 'Vifaa vya Burudani',
  'Excess Protector': 'Kinga ya Kiasi cha Kujilipia',
  'Political Violence and Terrorism': 'Vurugu za Kisiasa na Ugaidi',
  'Loss of Use': 'Kukosa Matumizi ya Gari',
  'Road Rescue': 'Msaada Barabarani',
  'Goods in Transit': 'Mizigo Safarini',
  'Fire and Lightning': 'Moto na Radi',
  'Storm, Flood and Burst Pipes': 'Dhoruba, Mafuriko na Mabomba Kupasuka',
  'Alternative Accommodation': 'Makazi Mbadala',
  Earthquake: 'Tetemeko la Ardhi',
  "Owner's Liability": 'Dhima ya Mwenye Nyumba',
  'Burglary and Theft': 'Uvunjaji na Wizi',
  'Damage to the Premises': 'Uharibifu wa Jengo',
  'Replacement of Locks and Keys': 'Kubadilisha Kufuli na Funguo',
  'All Risks on Valuables': 'Hatari Zote kwa Mali za Thamani',
  'Hull All Risks': 'Hatari Zote za Ndege',
  'Third Party Legal Liability': 'Dhima ya Kisheria kwa Mtu wa Tatu',
  'Passenger Liability': 'Dhima kwa Abiria',
  'Hull War Risks': 'Hatari za Vita kwa Ndege',
  'Search and Rescue Costs': 'Gharama za Kutafuta na Kuokoa',
};

/** Benefit descriptions in Kiswahili, by their English text (one benefit may read differently by class). */
export const BENEFIT_DESCRIPTION_SWAHILI: Record<string, string> = {
  'Damage you cause to other people’s vehicles and property.':
    'Uharibifu unaosababisha kwa magari na mali za watu wengine.',
  'Injury or death of other people caused by your vehicle, as the Traffic Act requires.':
    'Majeraha au vifo vya watu wengine vinavyosababishwa na gari lako, kama Sheria ya Trafiki inavyotaka.',
  'Repairs to your vehicle after an accident, up to its insured value.':
    'Matengenezo ya gari lako baada ya ajali, hadi thamani yake iliyowekewa bima.',
  'Loss of or damage to your vehicle by fire or theft, up to its insured value.':
    'Kupotea au kuharibika kwa gari lako kwa moto au wizi, hadi thamani yake iliyowekewa bima.',
  'Your legal liability to passengers, per person.': 'Dhima yako ya kisheria kwa abiria, kwa kila mtu.',
  'Towing your vehicle to a garage after an accident.': 'Kuvuta gari lako hadi gereji baada ya ajali.',
  'Emergency medical costs for the driver and passengers after an accident.':
    'Gharama za dharura za matibabu kwa dereva na abiria baada ya ajali.',
  'Replacing broken windscreens and windows without losing your no-claim discount.':
    'Kubadilisha vioo vya mbele na madirisha yaliyovunjika bila kupoteza punguzo lako la kutodai.',
  'Radio, screens and other fitted entertainment equipment.':
    'Redio, skrini na vifaa vingine vya burudani vilivyowekwa kwenye gari.',
  'Waives the own-damage excess on an accident claim.':
    'Hukuondolea kiasi cha kujilipia cha uharibifu wa gari lako katika dai la ajali.',
  'Damage from riots, strikes, political violence and terrorism.':
    'Uharibifu kutokana na ghasia, migomo, vurugu za kisiasa na ugaidi.',
  'A courtesy car or travel allowance for up to 10 days while your car is repaired.':
    'Gari la kutumia kwa muda au posho ya usafiri kwa hadi siku 10 gari lako likitengenezwa.',
  '24/7 roadside assistance: breakdown, flat battery, lock-out and fuel delivery.':
    'Msaada barabarani saa 24 kila siku: gari likiharibika, betri ikiisha nguvu, funguo zikifungiwa ndani au mafuta yakiisha.',
  'Repairs to the vehicle after an accident, up to its insured value.':
    'Matengenezo ya gari baada ya ajali, hadi thamani yake iliyowekewa bima.',
  'Loss of or damage to the vehicle by fire or theft.': 'Kupotea au kuharibika kwa gari kwa moto au wizi.',
  'Injury or death of other people, as the Traffic Act requires.':
    'Majeraha au vifo vya watu wengine, kama Sheria ya Trafiki inavyotaka.',
  'Damage to other people’s property.': 'Uharibifu wa mali za watu wengine.',
  'Recovering the vehicle to a garage after an accident.': 'Kuokoa gari na kulipeleka gereji baada ya ajali.',
  'The goods carried, up to KES 1,000,000 per trip.':
    'Mizigo inayobebwa, hadi KES 1,000,000 kwa kila safari.',
  'Broken windscreens and windows.': 'Vioo vya mbele na madirisha yaliyovunjika.',
  '24/7 breakdown assistance across East Africa.':
    'Msaada saa 24 kila siku gari likiharibika, kote Afrika Mashariki.',
  'Legal liability to fare-paying passengers, per person.':
    'Dhima ya kisheria kwa abiria wanaolipa nauli, kwa kila mtu.',
  'Damage by fire, lightning and explosion.': 'Uharibifu kwa moto, radi na mlipuko.',
  'Damage by storm, flood and burst water pipes.':
    'Uharibifu kwa dhoruba, mafuriko na mabomba ya maji kupasuka.',
  'Rent while your home cannot be lived in.': 'Kodi ya nyumba wakati nyumba yako haiwezi kukaliwa.',
  'Damage by earthquake and volcanic eruption.': 'Uharibifu kwa tetemeko la ardhi na mlipuko wa volkano.',
  'Damage from riots, strikes and terrorism.': 'Uharibifu kutokana na ghasia, migomo na ugaidi.',
  'Your liability to visitors and neighbours, up to KES 1,000,000.':
    'Dhima yako kwa wageni na majirani, hadi KES 1,000,000.',
  'Contents stolen after forcible entry or exit.': 'Vitu vilivyoibwa baada ya kuingia au kutoka kwa nguvu.',
  'Repairing doors, windows and locks broken in a burglary.':
    'Kutengeneza milango, madirisha na kufuli zilizovunjwa katika uvunjaji.',
  'New locks when your keys are stolen.': 'Kufuli mpya funguo zako zikiibwa.',
  'Your valuables anywhere in Kenya, not only at home.':
    'Mali zako za thamani popote nchini Kenya, si nyumbani tu.',
  'Loss of or damage to the aircraft in flight, taxiing and on the ground.':
    'Kupotea au kuharibika kwa ndege ikiwa angani, ikitembea uwanjani na ikiwa ardhini.',
  'Injury and damage to people and property on the ground.':
    'Majeraha na uharibifu kwa watu na mali ardhini.',
  'Liability to passengers, per seat.': 'Dhima kwa abiria, kwa kila kiti.',
  'Hull loss from war, hijacking and confiscation.':
    'Kupotea kwa ndege kutokana na vita, utekaji nyara na kunyang’anywa.',
  'Search and rescue after a forced landing, up to KES 2,000,000.':
    'Kutafuta na kuokoa baada ya kutua kwa dharura, hadi KES 2,000,000.',
};

/** A seed benefit's Swahili name and description. */
export function benefitSwahili(benefit: { name: string; description: string }): ProductTexts {
  const name = BENEFIT_NAME_SWAHILI[benefit.name];
  const description = BENEFIT_DESCRIPTION_SWAHILI[benefit.description];
  return { ...(name ? { name } : {}), ...(description ? { description } : {}) };
}

/** The excesses' Swahili name and description, by code. */
export const EXCESS_SWAHILI: Record<string, ProductTexts> = {
  collision: {
    name: 'Ajali ya Kugongana',
    description: 'Kiasi unacholipa mwenyewe katika kila dai la uharibifu wa gari lako baada ya ajali.',
  },
  theft: {
    name: 'Wizi',
    description: 'Kiasi unacholipa mwenyewe katika dai la wizi wa gari au vipuri vyake.',
  },
  windscreen: {
    name: 'Kioo cha Mbele',
    description: 'Kiasi unacholipa mwenyewe katika kila dai la kioo cha mbele au dirisha.',
  },
};

/** `{sw: texts}` when there are any, else `{}` (a row without Swahili shows its English). */
export const asTranslations = (texts: ProductTexts) => (Object.keys(texts).length > 0 ? { sw: texts } : {});
