import { useEffect } from 'react';
import { useBlocker, useTranslate } from 'react-admin';

/**
 * While `dirty`, leaving the page asks first: a link, the menu, another tab of the record, "Back"
 * (react-router's blocker) and closing or reloading the tab (the browser's own prompt). The words
 * are the i18nProvider's `ra.message.unsaved_changes`, as react-admin's forms use.
 */
export function useLeaveGuard(dirty: boolean): void {
  const translate = useTranslate();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (!dirty || window.confirm(translate('ra.message.unsaved_changes'))) blocker.proceed?.();
    else blocker.reset?.();
  }, [blocker, dirty, translate]);

  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = true;
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);
}
