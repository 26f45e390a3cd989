import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { SIGNUP_REQUIRED_EVENT } from '../../../lib/api.ts';
import { authKeys } from '../api/keys.ts';

/** A member-only request refused for want of signup: read who is signed in again and go to signup. */
export function useSendToSignup() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  useEffect(() => {
    const sendToSignup = () => {
      void queryClient.invalidateQueries({ queryKey: authKeys.me() });
      navigate('/signup', { replace: true });
    };
    window.addEventListener(SIGNUP_REQUIRED_EVENT, sendToSignup);
    return () => window.removeEventListener(SIGNUP_REQUIRED_EVENT, sendToSignup);
  }, [queryClient, navigate]);
}
