import { endpoint } from '../core/endpoint.ts';
import { okResponse } from '../core/responses.ts';
import { profileUpdateBody, sendPhoneCodeBody, signupBody, verifyPhoneCodeBody } from './identity-schemas.ts';
import { meResponse, phoneVerifyResult, referralsView, signupResult, zipCodeAddress } from './responses.ts';

/** The signed-in person, or `{ user: null }`: anyone may ask (the page decides where to send them). */
export const getMe = endpoint('GET /api/me', 'anyone', meResponse);

/** SPEC §5 Signup: the profile after the first Google sign-in, with the signup bonus. */
export const completeSignup = endpoint('POST /api/signup', 'googleUser', signupResult, {
  body: signupBody,
  example: { body: { birthYear: 1990, birthMonth: 1, birthDay: 1, agreeToTerms: true } },
});

/**
 * The address of a 7-digit zip code. A malformed code is a 400 and an unknown one a 404, both
 * 郵便番号が見つかりません (the route tells them apart, so the param itself is any text).
 */
export const lookupZipCode = endpoint('GET /api/zip-codes/:zipCode', 'anyone', zipCodeAddress);

/** SPEC §5 Account: the member edits their profile. */
export const updateProfile = endpoint('PUT /api/account', 'member', okResponse, {
  body: profileUpdateBody,
  example: { body: { zipCode: '', occupation: '学生', hasChildren: false } },
});

/** SPEC §5 SMS: a code to a Japanese number. */
export const sendPhoneCode = endpoint('POST /api/phone/send-code', 'member', okResponse, {
  body: sendPhoneCodeBody,
  example: { body: { phoneNumber: '09012345678' } },
});

export const verifyPhoneCode = endpoint('POST /api/phone/verify', 'member', phoneVerifyResult, {
  body: verifyPhoneCodeBody,
  example: { body: { code: '123456' } },
});

/** The member's invitation code and the people who joined with it (a verified phone is needed). */
export const listReferrals = endpoint('GET /api/referrals', 'member', referralsView);

/** Anyone signed in may leave, suspended or not (a fresh sign-in is needed). */
export const withdraw = endpoint('POST /api/withdrawal', 'signedIn', okResponse);
