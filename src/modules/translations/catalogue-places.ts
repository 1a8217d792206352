/** Nearby schools on a listing page and the area guides' public pages. */
export const PLACE_LABELS = [
  { id: 'schools.title', en: 'Nearby schools', where: 'Listing page: the schools near the home' },
  { id: 'schools.loading', en: 'Looking for schools near this home…', where: 'Listing page: nearby schools, while they load' },
  { id: 'schools.offline', en: 'Schools could not be loaded. Check your connection.', where: 'Listing page: nearby schools, when the network failed' },
  { id: 'schools.retry', en: 'Try again', where: 'Listing page: nearby schools, after a failure' },
  { id: 'schools.none', en: 'No public schools within {miles} miles of this home are on file.', where: 'Listing page: nearby schools, when none is near' },
  { id: 'schools.levelUnknown', en: 'Level not given', where: 'Listing page: a nearby school without a level' },
  { id: 'schools.grades', en: 'Grades {grades}', where: 'Listing page: a nearby school’s grade span' },
  { id: 'schools.distanceLabel', en: '{miles} miles away', where: 'Listing page: a nearby school’s distance (screen readers)' },
  {
    id: 'schools.source',
    en: 'Public schools from the NCES Common Core of Data; distances are straight-line. Check attendance zones with the school district.',
    where: 'Listing page: under the nearby schools',
  },
  { id: 'guides.loadError', en: 'We could not load this guide', where: 'Area guide page: when it failed to load' },
  { id: 'guides.photoAlt', en: '{place}, photo {n}', where: 'Area guide page: a photo (screen readers)' },
] as const;
