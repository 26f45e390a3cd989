export { getMe, meQueryOptions, useMe } from './api/get-me.ts';
export { authKeys } from './api/keys.ts';
export { LOGGED_OUT_EVENT, type SignOutOptions, signOut, useSignOut } from './api/sign-out.ts';
export { GoogleSignInButton } from './components/google-sign-in-button.tsx';
export { RequireVerifiedPhone } from './components/require-verified-phone.tsx';
export { useMutationRefreshingMe } from './hooks/use-mutation-refreshing-me.ts';
export { useSendToSignup } from './hooks/use-send-to-signup.ts';
export { useSignedInUser } from './hooks/use-signed-in-user.ts';
