import type { CatalogueTexts } from '@bima/domain';

const feature = (label: string, short: string) => ({ label, short });

/**
 * The sample catalogue's words in Kiswahili, by catalogue id (issue 14): stored in each row's
 * `translations.sw` by the sample data, read by the portal when the reader chose Kiswahili. Each
 * entry has as many key features as its English row, in the same order.
 */
export const CATALOGUE_SWAHILI: Record<number, CatalogueTexts> = {
  1: {
    name: 'Bima ya Gari Binafsi',
    description: 'Bima ya gari lako binafsi: bima kamili, mtu wa tatu, moto na wizi, au mtu wa tatu pekee.',
    keyFeatures: [
      feature('Bima ya ajali na uharibifu wa gari lako', 'Uharibifu'),
      feature('Dhima ya majeraha na mali ya mtu wa tatu', 'Mtu wa tatu'),
      feature('Kinga dhidi ya moto na wizi', 'Moto na wizi'),
      feature('Msaada barabarani na kuvutwa saa 24', 'Msaada barabarani'),
    ],
  },
  2: {
    name: 'Bima ya Moto ya Nyumbani',
    description: 'Hulinda nyumba yako na vitu vya ndani dhidi ya moto, radi, uvunjaji na zaidi.',
    keyFeatures: [
      feature('Bima ya jengo dhidi ya moto na radi', 'Jengo'),
      feature('Bima ya vitu vya ndani ya nyumba', 'Vitu vya ndani'),
      feature('Uvunjaji na wizi', 'Uvunjaji'),
    ],
  },
  3: {
    name: 'Bima ya Afya',
    description:
      'Bima ya matibabu ya kulazwa na ya nje kwako na kwa familia yako katika hospitali zinazoongoza.',
    keyFeatures: [
      feature('Kulazwa hospitalini', 'Kulazwa'),
      feature('Matibabu ya nje', 'Wagonjwa wa nje'),
      feature('Manufaa ya uzazi', 'Uzazi'),
    ],
  },
  4: {
    name: 'Bima ya Maisha',
    description: 'Kiasi cha pesa kwa wapendwa wako jambo lisilotarajiwa likitokea, na akiba ukitaka.',
    keyFeatures: [
      feature('Malipo ya kifo', 'Kifo'),
      feature('Nyongeza ya magonjwa hatari', 'Magonjwa hatari'),
    ],
  },
  5: {
    name: 'Malipo ya Uzeeni (Annuities)',
    description: 'Geuza akiba yako ya kustaafu kuwa mapato ya uhakika maisha yako yote.',
    keyFeatures: [
      feature('Mapato ya uhakika kila mwezi', 'Mapato ya mwezi'),
      feature('Mwenzi anaendelea kulipwa', 'Mwenzi'),
    ],
  },
  6: {
    name: 'Bima ya Maisha na Uwekezaji wa Vipande',
    description: 'Bima ya maisha pamoja na uwekezaji katika mifuko ya vipande unayochagua.',
    keyFeatures: [
      feature('Faida kulingana na soko', 'Faida'),
      feature('Bima ya maisha', 'Bima ya maisha'),
      feature('Kubadilisha mifuko kwa urahisi', 'Kubadilisha'),
    ],
  },
  7: {
    name: 'Uwekezaji Usiohusishwa na Soko',
    description: 'Mipango ya akiba yenye faida na bonasi za uhakika, bila kuathiriwa na mabadiliko ya soko.',
    keyFeatures: [feature('Faida ya uhakika', 'Uhakika'), feature('Bonasi za kila mwaka', 'Bonasi')],
  },
  8: {
    name: 'Bima ya Kipato kwa Ulemavu wa Kudumu',
    description: 'Hulipa sehemu ya mapato yako ugonjwa au jeraha likikuzuia kufanya kazi.',
    keyFeatures: [feature('Kulipwa badala ya mapato', 'Mapato'), feature('Ulemavu wa muda mrefu', 'Ulemavu')],
  },
  9: {
    name: 'Bima ya Gari la Biashara',
    description: 'Bima ya magari ya mizigo, malori, matatu na makundi ya magari yanayobeba mizigo au abiria.',
    keyFeatures: [
      feature('Mizigo yako mwenyewe na usafirishaji wa jumla', 'Usafirishaji'),
      feature('Dhima kwa abiria', 'Abiria'),
      feature('Punguzo kwa makundi ya magari', 'Kundi la magari'),
    ],
  },
  10: {
    name: 'Bima ya Usafiri wa Anga',
    description:
      'Bima ya ndege na dhima kwa waendeshaji ndege, shule za urubani na viwanja vidogo vya ndege.',
    keyFeatures: [
      feature('Uharibifu wa ndege', 'Ndege'),
      feature('Dhima kwa abiria na mtu wa tatu', 'Dhima'),
    ],
  },
  11: {
    name: 'Bima ya Wizi',
    description: 'Hulinda bidhaa, vifaa na pesa za biashara dhidi ya uvunjaji na wizi.',
    keyFeatures: [
      feature('Uvunjaji kwa kulazimisha kuingia', 'Uvunjaji'),
      feature('Pesa zikisafirishwa na zilizo kwenye sefu', 'Pesa'),
      feature('Bidhaa na vifaa', 'Bidhaa'),
    ],
  },
  12: {
    name: 'Bima ya Uhandisi',
    description: 'Bima ya hatari zote za wakandarasi, kuharibika kwa mitambo na vifaa vya kielektroniki.',
    keyFeatures: [
      feature('Hatari zote za wakandarasi', 'Wakandarasi'),
      feature('Kuharibika kwa mitambo', 'Mitambo'),
      feature('Vifaa vya kielektroniki', 'Kielektroniki'),
    ],
  },
  13: {
    name: 'Bima ya Maisha ya Kikundi',
    description:
      'Bima ya maisha kwa wafanyakazi wako kama kikundi, kwa viwango ambavyo sera ya mtu mmoja haiwezi kufikia.',
    keyFeatures: [feature('Kifo ukiwa kazini', 'Kifo'), feature('Gharama za mazishi', 'Mazishi')],
  },
  14: {
    name: 'Bima ya Mikopo ya Kikundi',
    description:
      'Hulipa mkopo uliobaki wa mkopaji akifariki au akipata ulemavu, ikiwalinda wakopeshaji na familia.',
    keyFeatures: [
      feature('Mkopo uliobaki hulipwa', 'Mkopo hulipwa'),
      feature('Bima ya kupunguzwa kazi', 'Kupunguzwa kazi'),
    ],
  },
  15: {
    name: 'Bima ya Usafiri wa Majini',
    description:
      'Bima ya mizigo na vyombo kwa bidhaa zinazoingizwa, kusafirishwa nje au kusafirishwa kwa bahari, anga na barabara.',
    keyFeatures: [
      feature('Mizigo ikiwa safarini', 'Mizigo'),
      feature('Vyombo vya majini', 'Vyombo'),
      feature('Kutoka ghala hadi ghala', 'Ghala hadi ghala'),
    ],
  },
  16: {
    name: 'Usimamizi wa Akiba ya Pensheni',
    description: 'Mpango wa pensheni kwa wafanyakazi wako, michango ya wanachama ikiwekezwa na kuhakikishwa.',
    keyFeatures: [
      feature('Mtaji wa uhakika', 'Uhakika'),
      feature('Riba ya kila mwaka iliyotangazwa', 'Riba'),
    ],
  },
  17: {
    name: 'Bima ya Nyumba',
    description:
      'Bima ya hatari zote kwa nyumba yako, vitu vya thamani na dhima yako binafsi katika sera moja.',
    keyFeatures: [
      feature('Hatari zote kwa vitu vya thamani', 'Hatari zote'),
      feature('Dhima binafsi', 'Dhima'),
      feature('Bima ya wafanyakazi wa nyumbani', 'Wafanyakazi wa nyumbani'),
    ],
  },
};
