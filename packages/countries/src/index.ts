// @mediakit/countries: the countries a billing address may name. The auth service checks billing
// details against this list and the web app's country field offers it, so both sides agree.

/**
 * The officially assigned ISO 3166-1 alpha-2 country codes (249), as the ISO 3166 Maintenance
 * Agency lists them. Written out rather than taken from Intl: ICU also knows user-assigned and
 * reserved codes (XK, EU, UN...) that are not countries a billing address can name.
 */
const CODES = `
AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ
BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ
CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ
DE DJ DK DM DO DZ
EC EE EG EH ER ES ET
FI FJ FK FM FO FR
GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY
HK HM HN HR HT HU
ID IE IL IM IN IO IQ IR IS IT
JE JM JO JP
KE KG KH KI KM KN KP KR KW KY KZ
LA LB LC LI LK LR LS LT LU LV LY
MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ
NA NC NE NF NG NI NL NO NP NR NU NZ
OM
PA PE PF PG PH PK PL PM PN PR PS PT PW PY
QA
RE RO RS RU RW
SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ
TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ
UA UG UM US UY UZ
VA VC VE VG VI VN VU
WF WS
YE YT
ZA ZM ZW
`;

/** Every assigned code, upper case, in alphabetical order. */
export const COUNTRY_CODES: readonly string[] = CODES.split(/\s+/).filter(Boolean);

const ASSIGNED: ReadonlySet<string> = new Set(COUNTRY_CODES);

/** Whether `code` (upper case) is an assigned ISO 3166-1 alpha-2 code. */
export const isCountryCode = (code: string): boolean => ASSIGNED.has(code);
