export { alertsProjection } from './alerts.projection';
export { type AlertFavorite, type AlertSearchChange, alertSearchChanges, alertSearchesRelation, favoritesOf } from './alerts.query';
export { criteriaOf, placesOf, type Target, targetOf } from './alert-targets';
