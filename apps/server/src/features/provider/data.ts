import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { col, many, row, run, type RowOf } from '../../db/rows.ts';

const vendorColumns = {
  vassalage: col.text,
  provider: col.text,
  walletModel: col.text,
  enabled: col.bool,
  maintenanceFrom: col.date.nullable(),
  maintenanceUntil: col.date.nullable(),
  maintenanceMessage: col.text,
};
export type VendorRow = RowOf<typeof vendorColumns>;
const Vendor = row(vendorColumns);

export const vendorSwitches = (db: Db, merchantId: number) =>
  many(
    db,
    Vendor,
    sql`SELECT vassalage, provider, wallet_model, enabled, maintenance_from, maintenance_until, maintenance_message
          FROM provider_vendors WHERE merchant_id = ${merchantId} ORDER BY vassalage`,
  );

export const upsertVendorSwitches = (
  db: Db,
  v: {
    merchantId: number;
    vassalage: string;
    provider: string;
    walletModel: string;
    enabled: boolean;
    maintenanceFrom: Date | null;
    maintenanceUntil: Date | null;
    maintenanceMessage: string;
  },
) =>
  run(
    db,
    sql`
    INSERT INTO provider_vendors (merchant_id, vassalage, provider, wallet_model, enabled, maintenance_from, maintenance_until, maintenance_message)
    VALUES (${v.merchantId}, ${v.vassalage}, ${v.provider}, ${v.walletModel}, ${v.enabled}, ${v.maintenanceFrom}, ${v.maintenanceUntil}, ${v.maintenanceMessage})
    ON CONFLICT (merchant_id, vassalage) DO UPDATE SET provider = EXCLUDED.provider, wallet_model = EXCLUDED.wallet_model,
      enabled = EXCLUDED.enabled, maintenance_from = EXCLUDED.maintenance_from, maintenance_until = EXCLUDED.maintenance_until,
      maintenance_message = EXCLUDED.maintenance_message, updated_at = now()`,
  );
