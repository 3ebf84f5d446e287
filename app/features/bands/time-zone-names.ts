/**
 * Zones the IANA database has renamed while ICU (and so Node's Intl) still lists them
 * under the old name: a band in India looks for "Asia/Kolkata", not "Asia/Calcutta", and
 * an API client may send either. Intl accepts both names for the same rules, so the
 * current name is what the picker shows and what is stored. The aliases are CLDR's
 * (https://github.com/unicode-org/cldr/blob/main/common/bcp47/timezone.xml).
 */
const RENAMED: Readonly<Record<string, string>> = {
  "Africa/Asmera": "Africa/Asmara",
  "America/Buenos_Aires": "America/Argentina/Buenos_Aires",
  "America/Catamarca": "America/Argentina/Catamarca",
  "America/Coral_Harbour": "America/Atikokan",
  "America/Cordoba": "America/Argentina/Cordoba",
  "America/Godthab": "America/Nuuk",
  "America/Indianapolis": "America/Indiana/Indianapolis",
  "America/Jujuy": "America/Argentina/Jujuy",
  "America/Louisville": "America/Kentucky/Louisville",
  "America/Mendoza": "America/Argentina/Mendoza",
  "Asia/Calcutta": "Asia/Kolkata",
  "Asia/Katmandu": "Asia/Kathmandu",
  "Asia/Rangoon": "Asia/Yangon",
  "Asia/Saigon": "Asia/Ho_Chi_Minh",
  "Atlantic/Faeroe": "Atlantic/Faroe",
  "Europe/Kiev": "Europe/Kyiv",
  "Pacific/Enderbury": "Pacific/Kanton",
  "Pacific/Ponape": "Pacific/Pohnpei",
  "Pacific/Truk": "Pacific/Chuuk",
};

/** The zone's current IANA name ("Asia/Calcutta" → "Asia/Kolkata"); any other name as given. */
export function currentZoneName(zone: string) {
  return Object.hasOwn(RENAMED, zone) ? RENAMED[zone]! : zone;
}
