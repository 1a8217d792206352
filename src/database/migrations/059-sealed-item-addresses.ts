import type { Migration } from './migration';

/**
 * The blind index of personal data sealed under a key that belongs to no lead and no account (a
 * listing report e-mailed to a seller, a kept intake delivery): one row per item and address,
 * the address only as an HMAC under a key derived from the server secret (findable by whoever
 * holds the address and the server, readable by nobody), and when it was recorded, so an erasure
 * by address and retention find the item's key. `erased_at`: its key is destroyed.
 * A plain table, not a read model: a rebuild cannot compute the HMAC, and must not forget it.
 */
export const sealedItemAddresses: Migration = {
  id: 59,
  name: 'sealed-item-addresses',
  up: `
CREATE TABLE sealed_item_addresses (
  subject text NOT NULL,
  kind text NOT NULL,
  address_mac text NOT NULL DEFAULT '',
  recorded_at timestamptz NOT NULL,
  erased_at timestamptz,
  PRIMARY KEY (subject, address_mac)
);
CREATE INDEX sealed_item_addresses_mac ON sealed_item_addresses (address_mac) WHERE erased_at IS NULL;
CREATE INDEX sealed_item_addresses_age ON sealed_item_addresses (kind, recorded_at) WHERE erased_at IS NULL;
`,
};
