import { type Me, messages } from '@quiz-points/shared';
import { type ReactNode, useEffect } from 'react';
import { useNavigate } from 'react-router';
import { Loading } from '../../../components/ui/loading.tsx';
import { useMe } from '../../auth/index.ts';

/** SPEC §6: only the admin account; anyone else is told アクセス権限がありません and sent home. */
export function RequireAdmin({ children }: { children: (me: Me) => ReactNode }) {
  const { data: me, isPending } = useMe();
  const navigate = useNavigate();
  const refused = !isPending && !me?.isAdmin;
  useEffect(() => {
    if (!refused) return;
    const timer = window.setTimeout(() => navigate('/', { replace: true }), 2000);
    return () => window.clearTimeout(timer);
  }, [refused, navigate]);
  if (isPending) return <Loading />;
  if (!me?.isAdmin) {
    return (
      <div className="page">
        <h1 className="page-title">管理画面</h1>
        <p role="alert" className="form-error">
          {messages.forbidden}
        </p>
      </div>
    );
  }
  return <>{children(me)}</>;
}
