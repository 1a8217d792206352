import { useEffect, useState } from 'react';
import { DEFAULT_TIME_ZONE } from '../../../../../src/contract/tasks';
import { agentZone, knownZone, rememberZone } from '../../../api/tasksApi';

/**
 * The viewer's time zone (tasks' "today", the date-times typed in forms), a setter for the
 * settings form, and whether it is known yet (until then the default stands in): a view whose
 * request depends on the zone waits for it rather than asking twice.
 */
export function useAgentZone(): [string, (zone: string) => void, boolean] {
  const [zone, setZone] = useState<string | undefined>(knownZone);
  useEffect(() => {
    if (zone !== undefined) return;
    let live = true;
    void agentZone().then((z) => live && setZone(z));
    return () => {
      live = false;
    };
  }, [zone]);
  return [
    zone ?? DEFAULT_TIME_ZONE,
    (z) => {
      rememberZone(z);
      setZone(z);
    },
    zone !== undefined,
  ];
}
