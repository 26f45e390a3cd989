/**
 * What the member endpoints answer, beyond the views declared beside their schemas: the server
 * returns these shapes and the web reads them, neither re-declaring them (schemas: responses/).
 */
export type {
  AdClickResult,
  GachaClaimResult,
  GiftRequestsResponse,
  GiftTypesResponse,
  MeResponse,
  PhoneVerifyResult,
  PointHistoryPage as PointHistoryResponse,
  ReferralsView,
  SignupResult,
  ZipCodeAddress,
} from './responses/member.ts';
