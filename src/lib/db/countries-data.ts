/**
 * The countries and territories of the Asia-Pacific region served by the programme:
 * the 49 regional members and the 9 associate members of UN ESCAP. `numeric` is the
 * ISO 3166-1 numeric code, used to find the country's shape in the region map.
 */
export interface CountrySeed {
  code: string;
  name: string;
  continent: 'Asia' | 'Oceania' | 'Europe';
  numeric: string;
  associate?: boolean;
}

export const REGION_COUNTRIES: readonly CountrySeed[] = [
  { code: 'AF', name: 'Afghanistan', continent: 'Asia', numeric: '004' },
  { code: 'AM', name: 'Armenia', continent: 'Asia', numeric: '051' },
  { code: 'AU', name: 'Australia', continent: 'Oceania', numeric: '036' },
  { code: 'AZ', name: 'Azerbaijan', continent: 'Asia', numeric: '031' },
  { code: 'BD', name: 'Bangladesh', continent: 'Asia', numeric: '050' },
  { code: 'BT', name: 'Bhutan', continent: 'Asia', numeric: '064' },
  { code: 'BN', name: 'Brunei Darussalam', continent: 'Asia', numeric: '096' },
  { code: 'KH', name: 'Cambodia', continent: 'Asia', numeric: '116' },
  { code: 'CN', name: 'China', continent: 'Asia', numeric: '156' },
  { code: 'KP', name: "Democratic People's Republic of Korea", continent: 'Asia', numeric: '408' },
  { code: 'FJ', name: 'Fiji', continent: 'Oceania', numeric: '242' },
  { code: 'GE', name: 'Georgia', continent: 'Asia', numeric: '268' },
  { code: 'IN', name: 'India', continent: 'Asia', numeric: '356' },
  { code: 'ID', name: 'Indonesia', continent: 'Asia', numeric: '360' },
  { code: 'IR', name: 'Iran (Islamic Republic of)', continent: 'Asia', numeric: '364' },
  { code: 'JP', name: 'Japan', continent: 'Asia', numeric: '392' },
  { code: 'KZ', name: 'Kazakhstan', continent: 'Asia', numeric: '398' },
  { code: 'KI', name: 'Kiribati', continent: 'Oceania', numeric: '296' },
  { code: 'KG', name: 'Kyrgyzstan', continent: 'Asia', numeric: '417' },
  { code: 'LA', name: "Lao People's Democratic Republic", continent: 'Asia', numeric: '418' },
  { code: 'MY', name: 'Malaysia', continent: 'Asia', numeric: '458' },
  { code: 'MV', name: 'Maldives', continent: 'Asia', numeric: '462' },
  { code: 'MH', name: 'Marshall Islands', continent: 'Oceania', numeric: '584' },
  { code: 'FM', name: 'Micronesia (Federated States of)', continent: 'Oceania', numeric: '583' },
  { code: 'MN', name: 'Mongolia', continent: 'Asia', numeric: '496' },
  { code: 'MM', name: 'Myanmar', continent: 'Asia', numeric: '104' },
  { code: 'NR', name: 'Nauru', continent: 'Oceania', numeric: '520' },
  { code: 'NP', name: 'Nepal', continent: 'Asia', numeric: '524' },
  { code: 'NZ', name: 'New Zealand', continent: 'Oceania', numeric: '554' },
  { code: 'PK', name: 'Pakistan', continent: 'Asia', numeric: '586' },
  { code: 'PW', name: 'Palau', continent: 'Oceania', numeric: '585' },
  { code: 'PG', name: 'Papua New Guinea', continent: 'Oceania', numeric: '598' },
  { code: 'PH', name: 'Philippines', continent: 'Asia', numeric: '608' },
  { code: 'KR', name: 'Republic of Korea', continent: 'Asia', numeric: '410' },
  { code: 'RU', name: 'Russian Federation', continent: 'Europe', numeric: '643' },
  { code: 'WS', name: 'Samoa', continent: 'Oceania', numeric: '882' },
  { code: 'SG', name: 'Singapore', continent: 'Asia', numeric: '702' },
  { code: 'SB', name: 'Solomon Islands', continent: 'Oceania', numeric: '090' },
  { code: 'LK', name: 'Sri Lanka', continent: 'Asia', numeric: '144' },
  { code: 'TJ', name: 'Tajikistan', continent: 'Asia', numeric: '762' },
  { code: 'TH', name: 'Thailand', continent: 'Asia', numeric: '764' },
  { code: 'TL', name: 'Timor-Leste', continent: 'Asia', numeric: '626' },
  { code: 'TO', name: 'Tonga', continent: 'Oceania', numeric: '776' },
  { code: 'TR', name: 'Türkiye', continent: 'Asia', numeric: '792' },
  { code: 'TM', name: 'Turkmenistan', continent: 'Asia', numeric: '795' },
  { code: 'TV', name: 'Tuvalu', continent: 'Oceania', numeric: '798' },
  { code: 'UZ', name: 'Uzbekistan', continent: 'Asia', numeric: '860' },
  { code: 'VU', name: 'Vanuatu', continent: 'Oceania', numeric: '548' },
  { code: 'VN', name: 'Viet Nam', continent: 'Asia', numeric: '704' },
  { code: 'AS', name: 'American Samoa', continent: 'Oceania', numeric: '016', associate: true },
  { code: 'CK', name: 'Cook Islands', continent: 'Oceania', numeric: '184', associate: true },
  { code: 'PF', name: 'French Polynesia', continent: 'Oceania', numeric: '258', associate: true },
  { code: 'GU', name: 'Guam', continent: 'Oceania', numeric: '316', associate: true },
  { code: 'HK', name: 'Hong Kong, China', continent: 'Asia', numeric: '344', associate: true },
  { code: 'MO', name: 'Macao, China', continent: 'Asia', numeric: '446', associate: true },
  { code: 'NC', name: 'New Caledonia', continent: 'Oceania', numeric: '540', associate: true },
  { code: 'NU', name: 'Niue', continent: 'Oceania', numeric: '570', associate: true },
  { code: 'MP', name: 'Northern Mariana Islands', continent: 'Oceania', numeric: '580', associate: true },
];

/** Path of a country's flag image under public/. */
export function flagPath(code: string): string {
  return `/flags/${code.toLowerCase()}.svg`;
}
