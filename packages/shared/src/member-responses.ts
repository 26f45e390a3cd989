/**
 * What the member endpoints answer, beyond the views declared beside their schemas: the server
 * returns these shapes and the web reads them, neither re-declaring them.
 */
import type { AdListItem, PointHistoryEntry } from './earning.ts';
import type { GiftRequestView, GiftType } from './gifts.ts';
import type { Me } from './identity-schemas.ts';

/** GET /api/me */
export interface MeResponse {
  user: Me | null;
}

/** GET /api/zip-codes/:zipCode */
export interface ZipCodeAddress {
  prefecture: string;
  city: string;
}

/** POST /api/signup */
export interface SignupResult {
  bonus: number;
  alreadyCompleted: boolean;
}

/** POST /api/phone/verify */
export interface PhoneVerifyResult {
  kind: 'verified' | 'already-verified';
  referralGranted?: boolean;
}

/** GET /api/referrals */
export interface ReferralsView {
  referralCode: string | null;
  referrals: { joinedAt: string; status: 'pending' | 'granted' }[];
}

/** GET /api/ads */
export interface AdListResponse {
  ads: AdListItem[];
}

/** POST /api/ads/:id/click */
export interface AdClickResult {
  clickedAt: string;
  waitSeconds: number;
}

/** GET /api/points/history */
export interface PointHistoryResponse {
  entries: PointHistoryEntry[];
}

/** POST /api/gacha/claim */
export interface GachaClaimResult {
  success: true;
  reward: number;
}

/** GET /api/gift-types */
export interface GiftTypesResponse {
  giftTypes: GiftType[];
}

/** GET /api/gift-requests */
export interface GiftRequestsResponse {
  requests: GiftRequestView[];
}
