import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * The notice a redirect carried in the history state (`<Navigate state={{ notice }} />`), shown on the
 * page it led to right after the redirect only: the state is cleared at once, so a reload or a later
 * visit through history does not show it again.
 */
export function useRedirectNotice(): string | undefined {
  const location = useLocation();
  const navigate = useNavigate();
  const [notice] = useState(() => (location.state as { notice?: string } | null)?.notice);
  useEffect(() => {
    if (notice) navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  }, [notice, navigate, location.pathname, location.search]);
  return notice;
}
