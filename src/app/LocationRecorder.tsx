import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { navigationChanged } from '../state/recorder/recorderSlice';
import { useAppDispatch } from './hooks';

/**
 * Puts the current route into the state (navigation/changed), so that a QA recording knows which
 * page each step showed. Rendered once inside the app's router; the replay sandbox has none, as it
 * follows the recorded route instead of producing one.
 */
export function LocationRecorder() {
  const dispatch = useAppDispatch();
  const { pathname, search } = useLocation();
  const route = `${pathname}${search}`;
  useEffect(() => {
    dispatch(navigationChanged(route));
  }, [dispatch, route]);
  return null;
}
