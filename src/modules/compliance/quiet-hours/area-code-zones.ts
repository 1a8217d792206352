/**
 * The zone of a North American number's area code, for a lead who gave no zone and no address:
 * the larger area codes, as data. An area code that spans two zones names the one most of its
 * numbers are in; one not listed falls through to the office's zone.
 */
export const AREA_CODE_ZONES: Readonly<Record<string, string>> = {
  // Eastern
  '201': 'America/New_York', '202': 'America/New_York', '212': 'America/New_York', '215': 'America/New_York', '216': 'America/New_York',
  '239': 'America/New_York', '305': 'America/New_York', '313': 'America/Detroit', '404': 'America/New_York', '407': 'America/New_York',
  '410': 'America/New_York', '412': 'America/New_York', '413': 'America/New_York', '516': 'America/New_York', '571': 'America/New_York',
  '603': 'America/New_York', '614': 'America/New_York', '617': 'America/New_York', '646': 'America/New_York', '703': 'America/New_York',
  '704': 'America/New_York', '718': 'America/New_York', '727': 'America/New_York', '754': 'America/New_York', '786': 'America/New_York',
  '813': 'America/New_York', '904': 'America/New_York', '917': 'America/New_York', '919': 'America/New_York', '954': 'America/New_York',
  // Central
  '205': 'America/Chicago', '210': 'America/Chicago', '214': 'America/Chicago', '281': 'America/Chicago', '312': 'America/Chicago',
  '314': 'America/Chicago', '316': 'America/Chicago', '414': 'America/Chicago', '469': 'America/Chicago', '504': 'America/Chicago',
  '512': 'America/Chicago', '612': 'America/Chicago', '615': 'America/Chicago', '713': 'America/Chicago', '737': 'America/Chicago',
  '773': 'America/Chicago', '816': 'America/Chicago', '817': 'America/Chicago', '832': 'America/Chicago', '901': 'America/Chicago',
  '972': 'America/Chicago',
  // Mountain
  '303': 'America/Denver', '385': 'America/Denver', '406': 'America/Denver', '505': 'America/Denver', '719': 'America/Denver',
  '720': 'America/Denver', '801': 'America/Denver', '208': 'America/Boise', '480': 'America/Phoenix', '520': 'America/Phoenix',
  '602': 'America/Phoenix', '623': 'America/Phoenix', '928': 'America/Phoenix',
  // Pacific
  '206': 'America/Los_Angeles', '213': 'America/Los_Angeles', '253': 'America/Los_Angeles', '310': 'America/Los_Angeles',
  '408': 'America/Los_Angeles', '415': 'America/Los_Angeles', '425': 'America/Los_Angeles', '503': 'America/Los_Angeles',
  '510': 'America/Los_Angeles', '619': 'America/Los_Angeles', '626': 'America/Los_Angeles', '650': 'America/Los_Angeles',
  '702': 'America/Los_Angeles', '714': 'America/Los_Angeles', '818': 'America/Los_Angeles', '858': 'America/Los_Angeles',
  '909': 'America/Los_Angeles', '916': 'America/Los_Angeles', '949': 'America/Los_Angeles', '971': 'America/Los_Angeles',
  // Alaska, Hawaii
  '907': 'America/Anchorage', '808': 'Pacific/Honolulu',
};

/** Single-zone states (and DC) by their postal code: an address's state names the zone. */
export const STATE_ZONES: Readonly<Record<string, string>> = {
  CT: 'America/New_York', DC: 'America/New_York', DE: 'America/New_York', GA: 'America/New_York', MA: 'America/New_York', MD: 'America/New_York',
  ME: 'America/New_York', NC: 'America/New_York', NH: 'America/New_York', NJ: 'America/New_York', NY: 'America/New_York', OH: 'America/New_York',
  PA: 'America/New_York', RI: 'America/New_York', SC: 'America/New_York', VA: 'America/New_York', VT: 'America/New_York', WV: 'America/New_York',
  AL: 'America/Chicago', AR: 'America/Chicago', IA: 'America/Chicago', IL: 'America/Chicago', LA: 'America/Chicago', MN: 'America/Chicago',
  MO: 'America/Chicago', MS: 'America/Chicago', OK: 'America/Chicago', WI: 'America/Chicago',
  CO: 'America/Denver', MT: 'America/Denver', NM: 'America/Denver', UT: 'America/Denver', WY: 'America/Denver', AZ: 'America/Phoenix',
  CA: 'America/Los_Angeles', NV: 'America/Los_Angeles', WA: 'America/Los_Angeles', HI: 'Pacific/Honolulu',
};
