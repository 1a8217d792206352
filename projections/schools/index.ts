export { schoolsProjection } from './schools.projection';
export { nearestSchools } from './schools.query';
