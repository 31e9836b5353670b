import { normaliseSearchText } from './text';

/**
 * National teams: FIFA code -> flag-icons code (ISO 3166-1 alpha-2, or gb-eng style for the home nations),
 * the names data sources use for them, and kit colours. Clubs have no flag; a few known clubs get colours.
 */
interface NationalTeam { fifa: string; flag: string; name: string; aliases?: string[]; colors: string[] }

const T = (fifa: string, flag: string, name: string, colors: string[], aliases: string[] = []): NationalTeam =>
  ({ fifa, flag, name, colors, aliases });

export const NATIONAL_TEAMS: readonly NationalTeam[] = [
  // UEFA
  T('ALB', 'al', 'Albania', ['#e41e20', '#000000']),
  T('AND', 'ad', 'Andorra', ['#10069f', '#fedf00']),
  T('ARM', 'am', 'Armenia', ['#d90012', '#0033a0']),
  T('AUT', 'at', 'Austria', ['#ed2939', '#ffffff']),
  T('AZE', 'az', 'Azerbaijan', ['#00b5e2', '#ef3340']),
  T('BLR', 'by', 'Belarus', ['#c8313e', '#4aa657']),
  T('BEL', 'be', 'Belgium', ['#e30613', '#000000']),
  T('BIH', 'ba', 'Bosnia and Herzegovina', ['#002395', '#fecb00'], ['Bosnia & Herzegovina', 'Bosnia-Herzegovina', 'Bosnia']),
  T('BUL', 'bg', 'Bulgaria', ['#ffffff', '#00966e']),
  T('CRO', 'hr', 'Croatia', ['#ff0000', '#ffffff']),
  T('CYP', 'cy', 'Cyprus', ['#0044a5', '#ffffff']),
  T('CZE', 'cz', 'Czech Republic', ['#d7141a', '#11457e'], ['Czechia']),
  T('DEN', 'dk', 'Denmark', ['#c8102e', '#ffffff']),
  T('ENG', 'gb-eng', 'England', ['#ffffff', '#cf142b']),
  T('EST', 'ee', 'Estonia', ['#0072ce', '#000000']),
  T('FRO', 'fo', 'Faroe Islands', ['#ffffff', '#0065bd']),
  T('FIN', 'fi', 'Finland', ['#ffffff', '#002f6c']),
  T('FRA', 'fr', 'France', ['#002654', '#ffffff']),
  T('GEO', 'ge', 'Georgia', ['#ffffff', '#ff0000']),
  T('GER', 'de', 'Germany', ['#ffffff', '#000000']),
  T('GRE', 'gr', 'Greece', ['#0d5eaf', '#ffffff']),
  T('HUN', 'hu', 'Hungary', ['#cd2a3e', '#436f4d']),
  T('ISL', 'is', 'Iceland', ['#02529c', '#dc1e35']),
  T('ISR', 'il', 'Israel', ['#ffffff', '#0038b8']),
  T('ITA', 'it', 'Italy', ['#0066cc', '#ffffff']),
  T('KAZ', 'kz', 'Kazakhstan', ['#00afca', '#fec50c']),
  T('KVX', 'xk', 'Kosovo', ['#244aa5', '#d0a650']),
  T('LVA', 'lv', 'Latvia', ['#9e3039', '#ffffff']),
  T('LTU', 'lt', 'Lithuania', ['#fdb913', '#006a44']),
  T('LUX', 'lu', 'Luxembourg', ['#ed2939', '#00a1de']),
  T('MLT', 'mt', 'Malta', ['#cf142b', '#ffffff']),
  T('MDA', 'md', 'Moldova', ['#0046ae', '#ffd200']),
  T('MNE', 'me', 'Montenegro', ['#c40308', '#d3ae3b']),
  T('NED', 'nl', 'Netherlands', ['#ff6c00', '#ffffff'], ['Holland']),
  T('MKD', 'mk', 'North Macedonia', ['#d20000', '#ffe600'], ['Macedonia']),
  T('NIR', 'gb-nir', 'Northern Ireland', ['#00843d', '#ffffff']),
  T('NOR', 'no', 'Norway', ['#ba0c2f', '#ffffff']),
  T('POL', 'pl', 'Poland', ['#ffffff', '#dc143c']),
  T('POR', 'pt', 'Portugal', ['#da291c', '#046a38']),
  T('IRL', 'ie', 'Republic of Ireland', ['#169b62', '#ffffff'], ['Ireland']),
  T('ROU', 'ro', 'Romania', ['#fcd116', '#002b7f']),
  T('RUS', 'ru', 'Russia', ['#ffffff', '#d52b1e']),
  T('SMR', 'sm', 'San Marino', ['#5eb6e4', '#ffffff']),
  T('SCO', 'gb-sct', 'Scotland', ['#005eb8', '#ffffff']),
  T('SRB', 'rs', 'Serbia', ['#c6363c', '#0c4076']),
  T('SVK', 'sk', 'Slovakia', ['#0b4ea2', '#ffffff']),
  T('SVN', 'si', 'Slovenia', ['#ffffff', '#005ce5']),
  T('ESP', 'es', 'Spain', ['#c60b1e', '#ffc400'], ['España']),
  T('SWE', 'se', 'Sweden', ['#fecc02', '#006aa7']),
  T('SUI', 'ch', 'Switzerland', ['#d52b1e', '#ffffff']),
  T('TUR', 'tr', 'Turkey', ['#e30a17', '#ffffff'], ['Türkiye', 'Turkiye']),
  T('UKR', 'ua', 'Ukraine', ['#ffd500', '#005bbb']),
  T('WAL', 'gb-wls', 'Wales', ['#c8102e', '#00b140']),
  // CONMEBOL
  T('ARG', 'ar', 'Argentina', ['#75aadb', '#ffffff']),
  T('BOL', 'bo', 'Bolivia', ['#007934', '#ffffff']),
  T('BRA', 'br', 'Brazil', ['#ffdf00', '#009c3b'], ['Brasil']),
  T('CHI', 'cl', 'Chile', ['#d52b1e', '#0039a6']),
  T('COL', 'co', 'Colombia', ['#fcd116', '#003893']),
  T('ECU', 'ec', 'Ecuador', ['#ffdd00', '#034ea2']),
  T('PAR', 'py', 'Paraguay', ['#d52b1e', '#ffffff']),
  T('PER', 'pe', 'Peru', ['#ffffff', '#d91023']),
  T('URU', 'uy', 'Uruguay', ['#5cbfeb', '#000000']),
  T('VEN', 've', 'Venezuela', ['#7b1e2b', '#ffffff']),
  // CONCACAF
  T('CAN', 'ca', 'Canada', ['#d80621', '#ffffff']),
  T('CRC', 'cr', 'Costa Rica', ['#ce1126', '#002b7f']),
  T('CUW', 'cw', 'Curaçao', ['#002b7f', '#f9e814'], ['Curacao']),
  T('SLV', 'sv', 'El Salvador', ['#0f47af', '#ffffff']),
  T('GUA', 'gt', 'Guatemala', ['#4997d0', '#ffffff']),
  T('HAI', 'ht', 'Haiti', ['#00209f', '#d21034']),
  T('HON', 'hn', 'Honduras', ['#ffffff', '#0073cf']),
  T('JAM', 'jm', 'Jamaica', ['#fed100', '#009b3a']),
  T('MEX', 'mx', 'Mexico', ['#006847', '#ffffff'], ['México']),
  T('PAN', 'pa', 'Panama', ['#da121a', '#ffffff']),
  T('SUR', 'sr', 'Suriname', ['#377e3f', '#ffffff']),
  T('TRI', 'tt', 'Trinidad and Tobago', ['#da1a35', '#000000'], ['Trinidad & Tobago']),
  T('USA', 'us', 'United States', ['#ffffff', '#0a3161'], ['USA', 'United States of America']),
  // CAF
  T('ALG', 'dz', 'Algeria', ['#ffffff', '#006233']),
  T('ANG', 'ao', 'Angola', ['#cc092f', '#000000']),
  T('BEN', 'bj', 'Benin', ['#ffd600', '#008751']),
  T('BFA', 'bf', 'Burkina Faso', ['#009e49', '#ef2b2d']),
  T('CMR', 'cm', 'Cameroon', ['#007a5e', '#ce1126']),
  T('CPV', 'cv', 'Cape Verde', ['#003893', '#cf2027'], ['Cabo Verde']),
  T('COD', 'cd', 'DR Congo', ['#007fff', '#ce1021'], ['Congo DR', 'Democratic Republic of the Congo']),
  T('CGO', 'cg', 'Congo', ['#009543', '#fbde4a']),
  T('EGY', 'eg', 'Egypt', ['#ce1126', '#ffffff']),
  T('EQG', 'gq', 'Equatorial Guinea', ['#3e9a00', '#e32118']),
  T('GAB', 'ga', 'Gabon', ['#009e60', '#fcd116']),
  T('GAM', 'gm', 'Gambia', ['#ce1126', '#0c1c8c']),
  T('GHA', 'gh', 'Ghana', ['#ffffff', '#000000']),
  T('GUI', 'gn', 'Guinea', ['#ce1126', '#fcd116']),
  T('CIV', 'ci', 'Ivory Coast', ['#ff8200', '#ffffff'], ["Côte d'Ivoire", "Cote d'Ivoire"]),
  T('KEN', 'ke', 'Kenya', ['#bb0000', '#006600']),
  T('LBY', 'ly', 'Libya', ['#e70013', '#000000']),
  T('MAD', 'mg', 'Madagascar', ['#fc3d32', '#007e3a']),
  T('MLI', 'ml', 'Mali', ['#14b53a', '#fcd116']),
  T('MAR', 'ma', 'Morocco', ['#c1272d', '#006233']),
  T('MOZ', 'mz', 'Mozambique', ['#d21034', '#000000']),
  T('NGA', 'ng', 'Nigeria', ['#008751', '#ffffff']),
  T('RSA', 'za', 'South Africa', ['#ffb612', '#007749']),
  T('SEN', 'sn', 'Senegal', ['#ffffff', '#00853f']),
  T('SLE', 'sl', 'Sierra Leone', ['#1eb53a', '#0072c6']),
  T('SUD', 'sd', 'Sudan', ['#d21034', '#ffffff']),
  T('TAN', 'tz', 'Tanzania', ['#1eb53a', '#00a3dd']),
  T('TOG', 'tg', 'Togo', ['#006a4e', '#ffce00']),
  T('TUN', 'tn', 'Tunisia', ['#e70013', '#ffffff']),
  T('UGA', 'ug', 'Uganda', ['#fcdc04', '#000000']),
  T('ZAM', 'zm', 'Zambia', ['#198a00', '#ef7d00']),
  T('ZIM', 'zw', 'Zimbabwe', ['#ffd200', '#006400']),
  // AFC
  T('AUS', 'au', 'Australia', ['#ffcd00', '#00843d']),
  T('BHR', 'bh', 'Bahrain', ['#ce1126', '#ffffff']),
  T('CHN', 'cn', 'China', ['#de2910', '#ffffff'], ['China PR']),
  T('IND', 'in', 'India', ['#0066b3', '#ff9933']),
  T('IDN', 'id', 'Indonesia', ['#ce1126', '#ffffff']),
  T('IRN', 'ir', 'Iran', ['#ffffff', '#da0000'], ['IR Iran']),
  T('IRQ', 'iq', 'Iraq', ['#ffffff', '#007a3d']),
  T('JPN', 'jp', 'Japan', ['#000555', '#ffffff']),
  T('JOR', 'jo', 'Jordan', ['#ffffff', '#ce1126']),
  T('KUW', 'kw', 'Kuwait', ['#007a3d', '#ffffff']),
  T('KOR', 'kr', 'South Korea', ['#cd2e3a', '#0047a0'], ['Korea Republic', 'Korea']),
  T('PRK', 'kp', 'North Korea', ['#ed1c27', '#024fa2'], ['Korea DPR']),
  T('OMA', 'om', 'Oman', ['#db161b', '#ffffff']),
  T('PLE', 'ps', 'Palestine', ['#ffffff', '#007a3d']),
  T('QAT', 'qa', 'Qatar', ['#8a1538', '#ffffff']),
  T('KSA', 'sa', 'Saudi Arabia', ['#ffffff', '#006c35']),
  T('SYR', 'sy', 'Syria', ['#ce1126', '#ffffff']),
  T('THA', 'th', 'Thailand', ['#2d2a4a', '#a51931']),
  T('UAE', 'ae', 'United Arab Emirates', ['#ffffff', '#00732f'], ['UAE']),
  T('UZB', 'uz', 'Uzbekistan', ['#ffffff', '#1eb53a']),
  T('VIE', 'vn', 'Vietnam', ['#da251d', '#ffff00']),
  // OFC
  T('NZL', 'nz', 'New Zealand', ['#ffffff', '#000000']),
  T('NCL', 'nc', 'New Caledonia', ['#0035ad', '#ed4135']),
  T('FIJ', 'fj', 'Fiji', ['#ffffff', '#68bfe5']),
];

const byKey = new Map<string, NationalTeam>();
for (const team of NATIONAL_TEAMS) {
  byKey.set(team.fifa.toLowerCase(), team);
  byKey.set(team.flag, team);
  for (const name of [team.name, ...(team.aliases ?? [])]) byKey.set(normaliseSearchText(name), team);
}

/** The national team a name ("Spain", "Korea Republic"), FIFA code ("ESP") or ISO/flag code ("es") stands for. */
export function findNationalTeam(nameOrCode: string): NationalTeam | undefined {
  return byKey.get(normaliseSearchText(nameOrCode)) ?? byKey.get(nameOrCode.trim().toLowerCase());
}

/** Known clubs' kit colours, keyed by normalised name; unknown clubs get none. */
const CLUB_COLORS: Record<string, string[]> = {
  'real madrid cf': ['#ffffff', '#febe10'],
  'fc barcelona': ['#a50044', '#004d98'],
  'club atletico de madrid': ['#cb3524', '#ffffff'],
  'athletic club': ['#ee2523', '#ffffff'],
  'real sociedad de futbol': ['#0067b1', '#ffffff'],
  'real betis balompie': ['#00954c', '#ffffff'],
  'villarreal cf': ['#ffe667', '#005187'],
  'valencia cf': ['#ffffff', '#000000'],
  'sevilla fc': ['#ffffff', '#d71920'],
  'girona fc': ['#cd2534', '#ffffff'],
  'rc celta de vigo': ['#8ac3ee', '#ffffff'],
  'ca osasuna': ['#d91a21', '#0a346f'],
  'rayo vallecano de madrid': ['#ffffff', '#e53027'],
  'rcd mallorca': ['#e20613', '#000000'],
  'getafe cf': ['#005999', '#ffffff'],
  'deportivo alaves': ['#0761af', '#ffffff'],
  'levante ud': ['#004d98', '#b4053f'],
  'elche cf': ['#ffffff', '#05642c'],
  'rcd espanyol de barcelona': ['#007fc8', '#ffffff'],
  'real oviedo': ['#0047ab', '#ffffff'],
  'arsenal fc': ['#ef0107', '#ffffff'],
  'aston villa fc': ['#670e36', '#95bfe5'],
  'afc bournemouth': ['#da291c', '#000000'],
  'brentford fc': ['#e30613', '#ffffff'],
  'brighton & hove albion fc': ['#0057b8', '#ffffff'],
  'burnley fc': ['#6c1d45', '#99d6ea'],
  'chelsea fc': ['#034694', '#ffffff'],
  'crystal palace fc': ['#1b458f', '#c4122e'],
  'everton fc': ['#003399', '#ffffff'],
  'fulham fc': ['#ffffff', '#000000'],
  'leeds united fc': ['#ffffff', '#1d428a'],
  'liverpool fc': ['#c8102e', '#ffffff'],
  'manchester city fc': ['#6cabdd', '#ffffff'],
  'manchester united fc': ['#da291c', '#ffffff'],
  'newcastle united fc': ['#241f20', '#ffffff'],
  'nottingham forest fc': ['#dd0000', '#ffffff'],
  'sunderland afc': ['#eb172b', '#ffffff'],
  'tottenham hotspur fc': ['#ffffff', '#132257'],
  'west ham united fc': ['#7a263a', '#1bb1e7'],
  'wolverhampton wanderers fc': ['#fdb913', '#231f20'],
};

export function clubColors(name: string): string[] {
  return CLUB_COLORS[normaliseSearchText(name)] ?? [];
}

/** A short code for a team without one: FIFA code for national teams, else the first letters of the name. */
export function teamAbbreviation(name: string): string {
  const national = findNationalTeam(name);
  if (national) return national.fifa;
  const words = normaliseSearchText(name).toUpperCase().replace(/[^A-Z0-9 ]/g, '').split(' ')
    .filter((w) => w && !['FC', 'CF', 'AFC', 'CD', 'UD', 'SD', 'RC', 'RCD', 'CA', 'DE', 'CLUB', 'REAL', 'DEL', 'LA'].includes(w));
  if (words.length === 0) return name.slice(0, 3).toUpperCase().padEnd(3, 'X');
  const code = words.length > 1 ? words[0][0] + words[1].slice(0, 2) : words[0];
  return code.slice(0, 3).padEnd(3, 'X');
}
