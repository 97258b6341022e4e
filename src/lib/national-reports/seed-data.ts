import type { AnswerType, QuestionOption, QuestionPart, QuestionTier } from '../questionnaires/schema.ts';

/**
 * The reference data of national reporting (reporting brief §1–§2): the NUA's seven headings of
 * the Quito Implementation Plan and follow-up, their subcategories, and the 38 seed questions.
 * Administrators can change all of it; this is only what a fresh installation starts with.
 */

export const THRUST_SEED = [
  { code: 'TC1', name: 'Sustainable urban development for social inclusion and ending poverty', nuaParagraphs: '25–42' },
  { code: 'TC2', name: 'Sustainable and inclusive urban prosperity and opportunities for all', nuaParagraphs: '43–62' },
  { code: 'TC3', name: 'Environmentally sustainable and resilient urban development', nuaParagraphs: '63–80' },
  { code: 'EI1', name: 'Building the urban governance structure: establishing a supportive framework', nuaParagraphs: '85–92' },
  { code: 'EI2', name: 'Planning and managing urban spatial development', nuaParagraphs: '93–125' },
  { code: 'EI3', name: 'Means of implementation', nuaParagraphs: '126–160' },
  { code: 'FR', name: 'Follow-up and review', nuaParagraphs: '161–175' },
] as const;

export const SUBCATEGORY_SEED = [
  { code: '1.1', thrust: 'TC1', name: 'Social inclusion and ending poverty' },
  { code: '1.2', thrust: 'TC1', name: 'Access to adequate housing' },
  { code: '1.3', thrust: 'TC1', name: 'Access to basic services' },
  { code: '2.1', thrust: 'TC2', name: 'Inclusive urban economy' },
  { code: '2.2', thrust: 'TC2', name: 'Sustainable prosperity for all' },
  { code: '3.1', thrust: 'TC3', name: 'Resilience, mitigation and adaptation' },
  { code: '3.2', thrust: 'TC3', name: 'Sustainable management and use of natural resources' },
  { code: '4.1', thrust: 'EI1', name: 'Urban policy and legislation' },
  { code: '4.2', thrust: 'EI1', name: 'Multilevel governance and decentralisation' },
  { code: '4.3', thrust: 'EI1', name: 'Participation' },
  { code: '5.1', thrust: 'EI2', name: 'Integrated urban and territorial planning' },
  { code: '5.2', thrust: 'EI2', name: 'Land, housing supply and urban form' },
  { code: '5.3', thrust: 'EI2', name: 'Mobility' },
  { code: '5.4', thrust: 'EI2', name: 'Public space, heritage and infrastructure' },
  { code: '6.1', thrust: 'EI3', name: 'Mobilisation of financial resources' },
  { code: '6.2', thrust: 'EI3', name: 'Capacity development' },
  { code: '6.3', thrust: 'EI3', name: 'Information technology, innovation and data' },
  { code: '7.1', thrust: 'FR', name: 'Monitoring and reporting' },
] as const;

export interface QuestionSeed {
  code: string;
  subcategory: string;
  tier: QuestionTier;
  text: string;
  type: AnswerType;
  help?: string;
  unit?: string;
  options?: QuestionOption[];
  min?: number;
  max?: number;
  expectedMin?: number;
  expectedMax?: number;
  decimals?: number;
  parts?: QuestionPart[];
  withText?: boolean;
  textLabel?: string;
  compulsory?: boolean;
  sdgRefs?: string[];
  sdgTier?: QuestionTier;
  nua?: string;
  sourceHint?: string;
}

const YN_URL = { withText: true, textLabel: 'Link to the document (web address)' } as const;
const YN_TXT = { withText: true, textLabel: 'Describe it briefly' } as const;
const pct1 = { type: 'pct', decimals: 1 } as const;

/** The 38 questions of the reporting brief §2, in order. Tier-1 figures are compulsory. */
export const QUESTION_SEED: readonly QuestionSeed[] = [
  { code: 'Q01', subcategory: '1.1', tier: 1, ...pct1, text: 'Proportion of the urban population living below the international poverty line', expectedMax: 60, compulsory: true, sdgRefs: ['1.1.1'], sdgTier: 1, nua: '25–27', sourceHint: 'National statistics office; World Bank Poverty and Inequality Platform', help: 'NUA Monitoring Framework indicator 1. International poverty line: $2.15 a day (2017 PPP).' },
  { code: 'Q02', subcategory: '1.1', tier: 3, type: 'yn', ...YN_TXT, text: 'Is there a social protection or anti-poverty programme targeting the urban poor?', nua: '25–27', help: 'If yes, name the programme and say whom it reaches.' },
  { code: 'Q03', subcategory: '1.1', tier: 2, ...pct1, text: 'Proportion of urban residents who were victims of physical or sexual harassment in the previous 12 months', expectedMax: 50, sdgRefs: ['11.7.2'], sdgTier: 2, nua: '39', sourceHint: 'Victimisation or gender-based violence survey' },
  { code: 'Q04', subcategory: '1.2', tier: 1, ...pct1, text: 'Proportion of the urban population living in slums, informal settlements or inadequate housing', expectedMax: 80, compulsory: true, sdgRefs: ['11.1.1'], sdgTier: 1, nua: '31–33', sourceHint: 'UN-Habitat (EN_LND_SLUM); census or household survey' },
  { code: 'Q05', subcategory: '1.2', tier: 2, ...pct1, text: 'Proportion of the adult population with secure tenure rights to land', parts: [{ key: 'documented', label: 'With legally recognised documentation' }, { key: 'perceived', label: 'Who perceive their rights as secure' }], sdgRefs: ['1.4.2'], sdgTier: 2, nua: '35', sourceHint: 'Household survey; land administration records', help: 'NUA Monitoring Framework indicator 2.' },
  { code: 'Q06', subcategory: '1.2', tier: 3, type: 'yn', ...YN_URL, text: 'Has a national housing policy been adopted or updated since 2016?', nua: '31', help: 'If yes, give the link to the policy.' },
  { code: 'Q07', subcategory: '1.2', tier: 2, type: 'int', unit: 'units', min: 0, text: 'Number of affordable or public housing units delivered in the reporting period', sourceHint: 'Housing ministry or national housing authority' },
  { code: 'Q08', subcategory: '1.3', tier: 1, ...pct1, text: 'Proportion of the urban population using safely managed drinking water services', expectedMin: 20, compulsory: true, sdgRefs: ['6.1.1'], sdgTier: 1, nua: '34', sourceHint: 'WHO/UNICEF Joint Monitoring Programme (JMP)', help: 'NUA Monitoring Framework indicator 5.' },
  { code: 'Q09', subcategory: '1.3', tier: 1, ...pct1, text: 'Proportion of the urban population using safely managed sanitation services', expectedMin: 10, compulsory: true, sdgRefs: ['6.2.1'], sdgTier: 1, nua: '34', sourceHint: 'WHO/UNICEF Joint Monitoring Programme (JMP)', help: 'NUA Monitoring Framework indicator 6.' },
  { code: 'Q10', subcategory: '1.3', tier: 1, ...pct1, text: 'Proportion of the urban population with access to electricity', expectedMin: 50, compulsory: true, sdgRefs: ['7.1.1'], sdgTier: 1, nua: '34', sourceHint: 'World Bank; national energy statistics' },
  { code: 'Q11', subcategory: '1.3', tier: 2, ...pct1, text: 'Proportion of the urban population that has convenient access to public transport', sdgRefs: ['11.2.1'], sdgTier: 2, nua: '113–114', sourceHint: 'UN-Habitat urban indicators database; city transport authorities' },
  { code: 'Q12', subcategory: '2.1', tier: 1, ...pct1, text: 'Urban unemployment rate, by sex', parts: [{ key: 'female', label: 'Women' }, { key: 'male', label: 'Men' }], expectedMax: 30, compulsory: true, sdgRefs: ['8.5.2'], sdgTier: 1, nua: '43–45', sourceHint: 'Labour force survey (ILO)', help: 'NUA Monitoring Framework indicator 10.' },
  { code: 'Q13', subcategory: '2.1', tier: 1, ...pct1, text: 'Proportion of informal employment in total urban employment', compulsory: true, sdgRefs: ['8.3.1'], sdgTier: 1, nua: '59', sourceHint: 'Labour force survey (ILO)', help: 'NUA Monitoring Framework indicator 9.' },
  { code: 'Q14', subcategory: '2.1', tier: 1, ...pct1, text: 'Proportion of urban youth (aged 15–24) not in education, employment or training', expectedMax: 50, compulsory: true, sdgRefs: ['8.6.1'], sdgTier: 1, nua: '61', sourceHint: 'Labour force survey (ILO)', help: 'NUA Monitoring Framework indicator 11.' },
  {
    code: 'Q15', subcategory: '2.1', tier: 3, type: 'multi', ...YN_TXT, textLabel: 'Describe the main measures',
    text: 'Which measures help formalise informal workers or support micro, small and medium enterprises in cities?',
    options: [
      { value: 'registration', label: 'Simpler business registration' },
      { value: 'social_protection', label: 'Social protection extended to informal workers' },
      { value: 'credit', label: 'Access to credit and microfinance' },
      { value: 'trading_space', label: 'Designated space for street vendors and markets' },
      { value: 'skills', label: 'Skills and entrepreneurship training' },
      { value: 'tax', label: 'Simplified tax regimes for small enterprises' },
    ],
    nua: '58–59',
  },
  { code: 'Q16', subcategory: '2.2', tier: 1, type: 'pct', min: -100, decimals: 1, text: 'Annual growth rate of real GDP per employed person', expectedMin: -10, expectedMax: 15, compulsory: true, sdgRefs: ['8.2.1'], sdgTier: 1, nua: '43–46', sourceHint: 'National accounts; ILO modelled estimates', help: 'A fall is a negative percentage. NUA Monitoring Framework indicator 8.' },
  { code: 'Q17', subcategory: '2.2', tier: 2, type: 'num', unit: 'USD per person', min: 0, decimals: 2, expectedMax: 500, text: 'Total per-capita expenditure on the preservation, protection and conservation of all cultural and natural heritage', sdgRefs: ['11.4.1'], sdgTier: 2, nua: '38, 124–125', sourceHint: 'UNESCO Institute for Statistics; culture ministry' },
  { code: 'Q18', subcategory: '2.2', tier: 3, type: 'txt', text: 'How do cities support creative industries and sustainable tourism?', nua: '60' },
  { code: 'Q19', subcategory: '3.1', tier: 1, type: 'num', unit: 'per 100,000 people', min: 0, decimals: 1, expectedMax: 5000, text: 'Number of deaths, missing persons and directly affected persons attributed to disasters per 100,000 population', compulsory: true, sdgRefs: ['11.5.1', '1.5.1', '13.1.1'], sdgTier: 1, nua: '77–78', sourceHint: 'Sendai Framework Monitor' },
  { code: 'Q20', subcategory: '3.1', tier: 2, type: 'pct', decimals: 2, expectedMax: 10, text: 'Direct economic loss attributed to disasters in relation to GDP', sdgRefs: ['11.5.2'], sdgTier: 2, nua: '77–78', sourceHint: 'Sendai Framework Monitor' },
  { code: 'Q21', subcategory: '3.1', tier: 1, type: 'num', min: 0, max: 1, decimals: 2, text: 'Score of the national disaster risk reduction strategy’s alignment with the Sendai Framework (0 to 1)', help: 'Give 0 where there is no national strategy; 1 is full alignment.', compulsory: true, sdgRefs: ['11.b.1', '1.5.3', '13.1.2'], sdgTier: 1, nua: '77–78', sourceHint: 'Sendai Framework Monitor (indicator E-1)' },
  { code: 'Q22', subcategory: '3.1', tier: 2, ...pct1, text: 'Proportion of local governments that adopt and implement local disaster risk reduction strategies in line with national strategies', sdgRefs: ['11.b.2'], sdgTier: 2, nua: '77', sourceHint: 'Sendai Framework Monitor (indicator E-2)' },
  { code: 'Q23', subcategory: '3.2', tier: 1, type: 'num', unit: 'µg/m³', min: 0, max: 1000, decimals: 1, expectedMin: 3, expectedMax: 120, text: 'Annual mean level of fine particulate matter (PM2.5) in cities, population-weighted', compulsory: true, sdgRefs: ['11.6.2'], sdgTier: 1, nua: '55, 67', sourceHint: 'WHO Ambient Air Quality Database; national monitoring network' },
  { code: 'Q24', subcategory: '3.2', tier: 2, ...pct1, text: 'Proportion of municipal solid waste collected and managed in controlled facilities', sdgRefs: ['11.6.1'], sdgTier: 2, nua: '74', sourceHint: 'UN-Habitat Waste Wise Cities tool; environment ministry' },
  { code: 'Q25', subcategory: '3.2', tier: 2, ...pct1, text: 'Renewable energy share in total final energy consumption', sdgRefs: ['7.2.1'], sdgTier: 1, nua: '75', sourceHint: 'IEA / IRENA energy balances', help: 'NUA Monitoring Framework indicator 7.' },
  {
    code: 'Q26', subcategory: '4.1', tier: 1, type: 'yn', compulsory: true,
    text: 'Does the country have a national urban policy that responds to each of the three qualifiers?',
    parts: [
      { key: 'population_dynamics', label: 'Responds to population dynamics' },
      { key: 'territorial_balance', label: 'Ensures balanced territorial development' },
      { key: 'local_fiscal_space', label: 'Increases local fiscal space' },
    ],
    sdgRefs: ['11.a.1'], sdgTier: 1, nua: '15, 89', sourceHint: 'OECD / UN-Habitat Global State of National Urban Policy 2021',
  },
  { code: 'Q27', subcategory: '4.3', tier: 2, ...pct1, text: 'Proportion of cities with a direct participation structure of civil society in urban planning and management that operates regularly and democratically', sdgRefs: ['11.3.2'], sdgTier: 2, nua: '92', sourceHint: 'UN-Habitat city survey' },
  { code: 'Q28', subcategory: '4.2', tier: 3, type: 'txt', text: 'Describe the arrangements for multilevel governance and decentralisation in urban matters', nua: '89–90' },
  { code: 'Q29', subcategory: '4.3', tier: 3, type: 'yn', ...YN_TXT, text: 'Is there a participatory national mechanism for reporting on the New Urban Agenda (for example a national habitat committee)?', nua: '161–162' },
  { code: 'Q30', subcategory: '5.2', tier: 2, type: 'num', min: -100, max: 100, decimals: 2, expectedMin: 0, expectedMax: 5, text: 'Ratio of land consumption rate to population growth rate', help: 'Above 1: built-up land grows faster than the population.', sdgRefs: ['11.3.1'], sdgTier: 2, nua: '51–52, 98', sourceHint: 'UN-Habitat / Global Human Settlement Layer' },
  { code: 'Q31', subcategory: '5.4', tier: 2, ...pct1, text: 'Average share of the built-up area of cities that is open space for public use for all', expectedMax: 60, sdgRefs: ['11.7.1'], sdgTier: 2, nua: '37, 53, 67', sourceHint: 'UN-Habitat urban indicators database' },
  {
    code: 'Q32', subcategory: '5.1', tier: 3, type: 'multi',
    text: 'Which planning instruments have been adopted or updated since 2016?',
    options: [
      { value: 'spatial_plan', label: 'National spatial plan' },
      { value: 'planning_law', label: 'Urban planning law' },
      { value: 'building_code', label: 'Building code' },
      { value: 'regional_plans', label: 'Regional or metropolitan plans' },
      { value: 'city_plans', label: 'Guidelines for city master plans' },
    ],
    nua: '93–98',
  },
  { code: 'Q33', subcategory: '5.3', tier: 3, type: 'yn', ...YN_TXT, text: 'Is there a national sustainable urban mobility policy or plan?', nua: '113–118' },
  { code: 'Q34', subcategory: '6.1', tier: 2, ...pct1, text: 'Local own-source revenue as a share of total local government revenue', nua: '134–137', sourceHint: 'Ministry of finance; local government finance statistics' },
  { code: 'Q35', subcategory: '6.2', tier: 3, type: 'txt', text: 'Describe the capacity-development programmes for local governments in financial management', nua: '151' },
  { code: 'Q36', subcategory: '6.3', tier: 2, ...pct1, text: 'Proportion of individuals using the Internet', sdgRefs: ['17.8.1'], sdgTier: 1, nua: '156', sourceHint: 'ITU World Telecommunication/ICT Indicators' },
  { code: 'Q37', subcategory: '6.3', tier: 3, type: 'yn', ...YN_URL, text: 'Is there an urban observatory or a data platform for the SDGs and the New Urban Agenda?', nua: '158–160' },
  {
    code: 'Q38', subcategory: '7.1', tier: 3, type: 'multi', ...YN_TXT, textLabel: 'Name the cities and years',
    text: 'Voluntary Local Reviews done or planned in the country',
    options: [
      { value: 'done', label: 'At least one city has published a Voluntary Local Review' },
      { value: 'in_preparation', label: 'A review is in preparation' },
      { value: 'planned', label: 'A review is planned' },
      { value: 'national_support', label: 'The national government supports cities’ reviews' },
    ],
    nua: '161–163',
  },
];
