import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { decideSessionGuard } from './decideSessionGuard.ts';
import { clearStoredSession, readStoredSession } from './sessionStorage.ts';

/** Layout route of the session pages (spec §4 "Session guard on protected pages"). */
export function SessionGuard() {
  const location = useLocation();
  const decision = decideSessionGuard({
    session: readStoredSession(),
    nowSeconds: Date.now() / 1000,
    pathname: location.pathname,
    search: location.search,
  });
  const mustClear = decision.kind === 'redirect' && decision.clearSession;

  useEffect(() => {
    if (mustClear) clearStoredSession();
  }, [mustClear]);

  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  return <Outlet />;
}
