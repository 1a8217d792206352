export { guidesProjection } from './guides.projection';
export { guideById, guidesOf, type StoredGuide } from './guides.query';
