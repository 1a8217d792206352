export { guidesProjection } from './guides.projection';
export { guideById, guidesOf, guidesOfArea, type StoredGuide } from './guides.query';
