import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useAppDispatch } from '../../app/hooks';
import { sessionApi } from '../../api/areas/session';
import { takeRememberedRoute } from '../../api/transport/sessionStorage';
import { paths } from '../../lib/paths';
import { completeLogin } from './completeLogin';

/** True while the login page that opened this popup is still there to finish the sign-in. */
function openerWaits(): boolean {
  try {
    return window.opener !== null && !window.opener.closed;
  } catch {
    return false;
  }
}

/**
 * The popup's landing page after an external sign-in (SPEC §2). An error in the URL fails the
 * sign-in: the window closes. Otherwise the opener, which polls this window, closes it and
 * completes the sign-in itself; opened without an opener (a full-page redirect), the page completes
 * the sign-in on its own, and closes on failure.
 */
export function LoginDonePage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { search } = useLocation();
  // A window the browser will not let a script close (not opened by one) says so instead.
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const fail = () => {
      setFailed(true);
      window.close();
    };
    if (new URLSearchParams(search).has('error')) {
      fail();
      return undefined;
    }
    if (openerWaits()) return undefined;
    let active = true;
    void (async () => {
      const current = await dispatch(sessionApi.endpoints.getCurrentUser.initiate(undefined, { subscribe: false, forceRefetch: true }));
      const user = current.data;
      if (!active) return;
      if (!user?.Name) return fail();
      const completion = await completeLogin(dispatch, user, user.ProviderName ?? 'local', 'external');
      if (!active) return;
      if (!completion.ok) return fail();
      navigate(takeRememberedRoute() ?? paths.home, { replace: true });
    })();
    return () => {
      active = false;
    };
  }, [dispatch, navigate, search]);

  if (failed) {
    return (
      <main className="login-page" id="main">
        <p role="alert">{t('users.errors.login')}</p>
        <Link to={paths.login}>{t('login.back_to_login')}</Link>
      </main>
    );
  }
  return <p role="status">{t('login.completing')}</p>;
}
