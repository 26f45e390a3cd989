import { z } from 'zod';
import { giftCodeStatuses } from '../core/constants.ts';
import { timestamp } from '../core/responses.ts';

/** One gift type and amount's codes in the inventory, by status (the admin's stock table). */
export const giftCodeStockRow = z.strictObject({
  giftType: z.string(),
  /** The type's label from the settings, or the id of a type no longer offered. */
  label: z.string(),
  amount: z.number().int(),
  available: z.number().int(),
  issued: z.number().int(),
  withdrawn: z.number().int(),
  /** Fewer than GIFT_CODE_LOW_STOCK available for an amount still offered. */
  low: z.boolean(),
});
export type GiftCodeStockRow = z.output<typeof giftCodeStockRow>;

/** GET /api/admin/gift-codes/stock */
export const giftCodeStock = z.strictObject({ stock: z.array(giftCodeStockRow) });

/** A loaded code as the admin sees it: never in clear, only its last four characters. */
export const maskedGiftCode = z.strictObject({
  id: z.number().int(),
  masked: z.string(),
  status: z.enum(giftCodeStatuses),
  loadedAt: timestamp,
  issuedAt: timestamp.nullable(),
  withdrawnAt: timestamp.nullable(),
});
export type MaskedGiftCode = z.output<typeof maskedGiftCode>;

/** GET /api/admin/gift-codes */
export const maskedGiftCodeList = z.strictObject({ codes: z.array(maskedGiftCode) });

/** POST /api/admin/gift-codes */
export const giftCodesLoaded = z.strictObject({ loaded: z.number().int() });
