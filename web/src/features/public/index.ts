export * from './AreaCrumbs';
export * from './ListingAgentLink';
