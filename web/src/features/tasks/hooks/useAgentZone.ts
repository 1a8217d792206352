import { useEffect, useState } from 'react';
import { DEFAULT_TIME_ZONE } from '../../../../../src/contract/tasks';
import { agentZone, rememberZone } from '../../../api/tasksApi';

/** The viewer's time zone (tasks' "today", the date-times typed in forms), and a setter for the settings form. */
export function useAgentZone(): [string, (zone: string) => void] {
  const [zone, setZone] = useState(DEFAULT_TIME_ZONE);
  useEffect(() => {
    let live = true;
    void agentZone().then((z) => live && setZone(z));
    return () => {
      live = false;
    };
  }, []);
  return [
    zone,
    (z) => {
      rememberZone(z);
      setZone(z);
    },
  ];
}
