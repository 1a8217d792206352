import { type ReactNode, useEffect, useState } from 'react';
import { loadSite, NO_CONFIG, SiteContext, type SiteState } from './siteContext';

export function SiteProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<SiteState>({ ready: false, site: null, config: NO_CONFIG });
  useEffect(() => {
    let live = true;
    void loadSite().then((loaded) => live && setState({ ready: true, ...loaded }));
    return () => {
      live = false;
    };
  }, []);
  return <SiteContext.Provider value={state}>{children}</SiteContext.Provider>;
}
