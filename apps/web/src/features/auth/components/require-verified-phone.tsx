import type { Me } from '@quiz-points/shared';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useSignedInUser } from '../hooks/use-signed-in-user.ts';

/**
 * A member page that needs a verified phone number (exchanges and referrals): its children for a
 * member who verified one; anyone else goes to verify it, told why by `notice`.
 */
export function RequireVerifiedPhone({
  notice,
  children,
}: {
  notice: string;
  children: (me: Me) => ReactNode;
}) {
  const me = useSignedInUser();
  if (!me.isVerified) return <Navigate to="/sms-verification" replace state={{ notice }} />;
  return <>{children(me)}</>;
}
