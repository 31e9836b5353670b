import { findNationalTeam } from './teams';
import type { Locale } from './locales';

/**
 * Names shown in both languages, one source for the server's localised answers and the client:
 * national teams, group names ("Group A" / "Grupo A") and the catalogue's rounds. Data sources name teams and
 * groups in English; club names are proper names and stay as they are.
 */

/** Spanish names of the national teams of teams.ts, by FIFA code (English names are the catalogue's own). */
export const NATIONAL_TEAM_NAMES_ES: Readonly<Record<string, string>> = {
  // UEFA
  ALB: 'Albania', AND: 'Andorra', ARM: 'Armenia', AUT: 'Austria', AZE: 'Azerbaiyán', BLR: 'Bielorrusia', BEL: 'Bélgica',
  BIH: 'Bosnia y Herzegovina', BUL: 'Bulgaria', CRO: 'Croacia', CYP: 'Chipre', CZE: 'Chequia', DEN: 'Dinamarca',
  ENG: 'Inglaterra', EST: 'Estonia', FRO: 'Islas Feroe', FIN: 'Finlandia', FRA: 'Francia', GEO: 'Georgia',
  GER: 'Alemania', GRE: 'Grecia', HUN: 'Hungría', ISL: 'Islandia', ISR: 'Israel', ITA: 'Italia', KAZ: 'Kazajistán',
  KVX: 'Kosovo', LVA: 'Letonia', LTU: 'Lituania', LUX: 'Luxemburgo', MLT: 'Malta', MDA: 'Moldavia',
  MNE: 'Montenegro', NED: 'Países Bajos', MKD: 'Macedonia del Norte', NIR: 'Irlanda del Norte', NOR: 'Noruega',
  POL: 'Polonia', POR: 'Portugal', IRL: 'República de Irlanda', ROU: 'Rumanía', RUS: 'Rusia', SMR: 'San Marino',
  SCO: 'Escocia', SRB: 'Serbia', SVK: 'Eslovaquia', SVN: 'Eslovenia', ESP: 'España', SWE: 'Suecia', SUI: 'Suiza',
  TUR: 'Turquía', UKR: 'Ucrania', WAL: 'Gales',
  // CONMEBOL
  ARG: 'Argentina', BOL: 'Bolivia', BRA: 'Brasil', CHI: 'Chile', COL: 'Colombia', ECU: 'Ecuador', PAR: 'Paraguay',
  PER: 'Perú', URU: 'Uruguay', VEN: 'Venezuela',
  // CONCACAF
  CAN: 'Canadá', CRC: 'Costa Rica', CUW: 'Curazao', SLV: 'El Salvador', GUA: 'Guatemala', HAI: 'Haití',
  HON: 'Honduras', JAM: 'Jamaica', MEX: 'México', PAN: 'Panamá', SUR: 'Surinam', TRI: 'Trinidad y Tobago',
  USA: 'Estados Unidos',
  // CAF
  ALG: 'Argelia', ANG: 'Angola', BEN: 'Benín', BFA: 'Burkina Faso', CMR: 'Camerún', CPV: 'Cabo Verde',
  COD: 'RD del Congo', CGO: 'Congo', EGY: 'Egipto', EQG: 'Guinea Ecuatorial', GAB: 'Gabón', GAM: 'Gambia',
  GHA: 'Ghana', GUI: 'Guinea', CIV: 'Costa de Marfil', KEN: 'Kenia', LBY: 'Libia', MAD: 'Madagascar', MLI: 'Malí',
  MAR: 'Marruecos', MOZ: 'Mozambique', NGA: 'Nigeria', RSA: 'Sudáfrica', SEN: 'Senegal', SLE: 'Sierra Leona',
  SUD: 'Sudán', TAN: 'Tanzania', TOG: 'Togo', TUN: 'Túnez', UGA: 'Uganda', ZAM: 'Zambia', ZIM: 'Zimbabue',
  // AFC
  AUS: 'Australia', BHR: 'Baréin', CHN: 'China', IND: 'India', IDN: 'Indonesia', IRN: 'Irán', IRQ: 'Irak',
  JPN: 'Japón', JOR: 'Jordania', KUW: 'Kuwait', KOR: 'Corea del Sur', PRK: 'Corea del Norte', OMA: 'Omán',
  PLE: 'Palestina', QAT: 'Catar', KSA: 'Arabia Saudí', SYR: 'Siria', THA: 'Tailandia', UAE: 'Emiratos Árabes Unidos',
  UZB: 'Uzbekistán', VIE: 'Vietnam',
  // OFC
  NZL: 'Nueva Zelanda', NCL: 'Nueva Caledonia', FIJ: 'Fiyi',
};

/**
 * A team's name in `locale`: a national team's catalogue name (English) or its Spanish name; any other name
 * (a club, a team the catalogue does not know) as it is.
 */
export function localTeamName(name: string, locale: Locale): string {
  const national = findNationalTeam(name);
  if (!national) return name;
  return locale === 'es' ? NATIONAL_TEAM_NAMES_ES[national.fifa] ?? national.name : national.name;
}

const GROUP_WORD: Record<Locale, string> = { en: 'Group', es: 'Grupo' };
const GROUP_NAME = /^\s*(?:group|grupo)\s+(\S.*)$/i;

/** "Group A" / "Grupo A" in `locale`; a group named otherwise ("Liga") as it is. */
export function localGroupName(name: string, locale: Locale): string {
  const match = GROUP_NAME.exec(name);
  return match ? `${GROUP_WORD[locale]} ${match[1].trim()}` : name;
}
