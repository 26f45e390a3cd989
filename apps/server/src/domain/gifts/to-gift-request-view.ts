import type { GiftRequestView } from '@quiz-points/shared';
import type { giftRequests } from '../../db/schema.ts';
import { addBusinessDays } from './business-days.ts';

export const DELIVERY_BUSINESS_DAYS = 3;

type GiftRequestRow = Pick<
  typeof giftRequests.$inferSelect,
  'id' | 'giftType' | 'pointsUsed' | 'status' | 'createdAt' | 'giftCode' | 'rejectionReason'
>;

export function toGiftRequestView(row: GiftRequestRow): GiftRequestView {
  return {
    id: row.id,
    giftType: row.giftType,
    pointsUsed: row.pointsUsed,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    deliverBy:
      row.status === 'pending' ? addBusinessDays(row.createdAt, DELIVERY_BUSINESS_DAYS).toISOString() : null,
    giftCode: row.status === 'issued' ? row.giftCode : null,
    rejectionReason: row.status === 'rejected' ? row.rejectionReason : null,
  };
}
