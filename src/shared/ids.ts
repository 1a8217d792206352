import { randomUUID } from 'node:crypto';

export const newId = (): string => randomUUID();

/** Stream ids are '<category>-<id>'; the category names the aggregate. */
export const streamId = (category: string, id: string): string => `${category}-${id}`;

export const streamCategory = (id: string): string => {
  const dash = id.indexOf('-');
  return dash < 0 ? id : id.slice(0, dash);
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** An id as newId makes them (any case). */
export const isUuid = (s: string): boolean => UUID.test(s);
