import { useContext } from 'react';
import { SiteContext, type SiteState } from './siteContext';

export const useSite = (): SiteState => useContext(SiteContext);
