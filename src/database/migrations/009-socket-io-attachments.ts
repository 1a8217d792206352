import type { Migration } from './migration';

/** Payloads too large for NOTIFY, for the socket.io PostgreSQL adapter (REALTIME_FANOUT=postgres). */
export const socketIoAttachments: Migration = {
  id: 9,
  name: 'socket-io-attachments',
  up: `
CREATE TABLE IF NOT EXISTS socket_io_attachments (
  id bigserial UNIQUE,
  created_at timestamptz DEFAULT now(),
  payload bytea
);
`,
};
