import { closeSync, openSync, writeSync } from 'node:fs';
import { setLogFormat, setLogLevel, setLogSink } from '../../src/shared/logger';

/**
 * Logs as production does (JSON lines at info: one line per request) into /dev/null, a write
 * per line as to a log file, so that what logging costs is in a server's figures without its
 * lines in the bench's output. Answers how to stop.
 */
export function logAsProduction(): () => void {
  const devNull = openSync('/dev/null', 'w');
  setLogLevel('info');
  setLogFormat('json');
  setLogSink((line) => writeSync(devNull, line));
  return () => {
    setLogSink(undefined);
    setLogLevel('error');
    closeSync(devNull);
  };
}
