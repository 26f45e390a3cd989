import { adImageMessages } from '../advertisers/ad-images.ts';
import { messages } from './messages.ts';

/** What the error table's messages name: a key of the catalogue, or of the words kept apart from it. */
type ErrorMessageKey = keyof typeof messages | keyof typeof adImageMessages;

/**
 * The one table of coded domain errors. The server maps a code to its HTTP status here, and every
 * error body carries the Japanese message so the browser can show it as it is.
 */
export const errorCodes = {
  BAD_REQUEST: { status: 400, message: 'badRequest' },
  INVALID_CHARACTERS: { status: 400, message: 'invalidCharacters' },
  BODY_TOO_DEEP: { status: 400, message: 'bodyTooDeep' },
  VALIDATION: { status: 400, message: 'allFieldsRequired' },
  EMAIL_REQUIRED: { status: 400, message: 'emailRequired' },
  EMAIL_INVALID: { status: 400, message: 'emailInvalid' },
  UNAUTHENTICATED: { status: 401, message: 'signInRequired' },
  REAUTH_REQUIRED: { status: 401, message: 'reauthRequired' },
  FORBIDDEN: { status: 403, message: 'forbidden' },
  SUSPENDED: { status: 403, message: 'suspendedNotice' },
  SIGNUP_REQUIRED: { status: 403, message: 'signupRequired' },
  PHONE_REQUIRED: { status: 403, message: 'giftNeedsPhone' },
  NOT_FOUND: { status: 404, message: 'notFound' },
  CONFLICT: { status: 409, message: 'genericErrorSentence' },
  TOO_EARLY: { status: 425, message: 'waitBeforeAnswer' },
  INSUFFICIENT_POINTS: { status: 409, message: 'insufficientPoints' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'badRequest' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'badRequest' },
  RATE_LIMITED: { status: 429, message: 'tooManyRequests' },
  LOGIN_FAILED: { status: 401, message: 'loginFailed' },
  NOT_ADVERTISER: { status: 403, message: 'notAdvertiser' },
  EMAIL_NOT_VERIFIED: { status: 403, message: 'emailNotVerified' },
  EMAIL_TAKEN: { status: 409, message: 'advertiserEmailTaken' },
  CARD_REQUIRED: { status: 409, message: 'cardRequired' },
  AD_NOT_EDITABLE: { status: 409, message: 'adNotEditable' },
  IMAGE_TYPE_UNSUPPORTED: { status: 415, message: 'adImageTypeUnsupported' },
  IMAGE_TOO_LARGE: { status: 413, message: 'adImageTooLarge' },
  IMAGE_TOO_MANY_PIXELS: { status: 422, message: 'adImageTooManyPixels' },
  IMAGE_UNREADABLE: { status: 422, message: 'adImageUnreadable' },
  IMAGE_SHAPE: { status: 422, message: 'adImageShape' },
  IMAGE_ANIMATED: { status: 422, message: 'adImageAnimated' },
  LIMIT_NOT_HIGHER: { status: 400, message: 'limitMustIncrease' },
  RESET_LINK_INVALID: { status: 400, message: 'passwordResetLinkInvalid' },
  PRICING_UNAVAILABLE: { status: 503, message: 'pricingUnavailable' },
  BILLING_ACCESS_FAILED: { status: 409, message: 'billingAccessFailed' },
  CARD_SETUP_FAILED: { status: 502, message: 'cardSetupFailed' },
  MATERIAL_REQUEST_FAILED: { status: 502, message: 'materialRequestFailed' },
  SMS_FAILED: { status: 502, message: 'smsSendFailed' },
  INTERNAL: { status: 500, message: 'serverError' },
  UNAVAILABLE: { status: 503, message: 'unavailable' },
} as const satisfies Record<string, { status: number; message: ErrorMessageKey }>;

export type ErrorCode = keyof typeof errorCodes;

/** The JSON body of every error response. */
export interface ErrorBody {
  error: { code: ErrorCode; message: string };
}

export function defaultMessage(code: ErrorCode): string {
  // Looked up in the function, not merged at the top: the landing page's bundle drops this file whole.
  const key = errorCodes[code].message;
  return key in adImageMessages
    ? adImageMessages[key as keyof typeof adImageMessages]
    : messages[key as keyof typeof messages];
}

/** A business rule said no. The server's HTTP layer maps `code` to a status through the table above. */
export class DomainError extends Error {
  override name = 'DomainError';
  constructor(
    readonly code: ErrorCode,
    message: string = defaultMessage(code),
  ) {
    super(message);
  }
}
