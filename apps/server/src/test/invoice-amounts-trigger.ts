import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';

/**
 * A test's trigger on the moment a run writes one ad's invoice amounts (the update that gives the
 * invoice its deliveries): `action`, a PL/pgSQL statement, runs there, say a sleep that catches the
 * run inside its batch or an exception that fails the batch. Answers what drops it again (which
 * waits for a transaction still inside it to end).
 */
export async function triggerOnInvoiceAmounts(db: Executor, adId: string, action: string) {
  await db.execute(
    sql.raw(`
      create or replace function qp_test_invoice_amounts() returns trigger language plpgsql as $$
      begin
        if new.ad_id = '${adId}' and new.deliveries > 0 then ${action}; end if;
        return new;
      end $$`),
  );
  await db.execute(sql`create trigger qp_test_invoice_amounts before update on invoices
                       for each row execute function qp_test_invoice_amounts()`);
  return async () => {
    await db.execute(sql`drop trigger qp_test_invoice_amounts on invoices`);
  };
}
