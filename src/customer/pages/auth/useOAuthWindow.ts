import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { readOAuthMessage, startOAuth, type OAuthMessage, type OAuthProvider } from '../../api/oauth';

const POPUP_FEATURES = 'popup,width=520,height=680';

/**
 * The provider's sign-in window, shared by the login, register and profile pages. The pop-up is
 * opened in the click itself (pop-up blockers allow that) and sent to the provider once the server
 * has answered `{url}`; its result counts only when posted from our own origin by that very window.
 * A blocked pop-up falls back to a full-page visit: the provider returns the page to us with a
 * one-time code (handed in by handOffOAuth).
 */
export function useOAuthWindow(onMessage: (message: OAuthMessage) => Promise<void> | void) {
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const popup = useRef<Window | null>(null);
  // The latest callback for the listener, which is added once.
  const latest = useRef(onMessage);
  useEffect(() => {
    latest.current = onMessage;
  });

  useEffect(() => {
    const listener = (event: MessageEvent) => {
      // Only while a window of ours is open, and only from it.
      if (!popup.current) return;
      const message = readOAuthMessage(event, popup.current);
      if (!message) return;
      popup.current = null;
      setBusy(null);
      if (message.error || (!message.token && !message.linked)) {
        setProblem(message.error ?? 'Signing in with that account did not work. Please try again.');
        return;
      }
      void latest.current(message);
    };
    window.addEventListener('message', listener);
    return () => window.removeEventListener('message', listener);
  }, []);

  // Closing the window without finishing gives the buttons back. The window is still the one whose
  // message counts: the callback page posts and closes at once, and the check may see it closed
  // before its message is delivered here.
  useEffect(() => {
    if (!busy) return;
    const timer = setInterval(() => {
      if (popup.current?.closed) setBusy(null);
    }, 500);
    return () => clearInterval(timer);
  }, [busy]);

  const begin = async (provider: OAuthProvider, options: { remember?: boolean; link?: boolean } = {}) => {
    setProblem(null);
    const unavailable = `Signing in with ${provider.name} is not available at the moment. Please try again later.`;
    const opened = window.open('', 'oauth-sign-in', POPUP_FEATURES);
    setBusy(provider.id);
    if (!opened) {
      // Blocked: the whole page goes to the provider and comes back here.
      try {
        window.location.assign(await startOAuth(provider.id, { ...options, popup: false }));
      } catch {
        setBusy(null);
        setProblem(unavailable);
      }
      return;
    }
    popup.current = opened;
    try {
      opened.location.href = await startOAuth(provider.id, { ...options, popup: true });
    } catch {
      opened.close();
      popup.current = null;
      setBusy(null);
      setProblem(unavailable);
    }
  };

  return { busy, problem, setProblem, begin };
}

/**
 * The one-time code a blocked pop-up's sign-in brings the page back with (`?oauth=`): taken from the
 * address once (replaced, so a reload or the history does not hand it in again) and given to `onCode`.
 */
export function useHandoffCode(onCode: (code: string) => void): void {
  const location = useLocation();
  const navigate = useNavigate();
  const latest = useRef(onCode);
  useEffect(() => {
    latest.current = onCode;
  });
  const taken = useRef(false);
  useEffect(() => {
    if (taken.current) return;
    const params = new URLSearchParams(location.search);
    const code = params.get('oauth');
    if (!code) return;
    taken.current = true;
    params.delete('oauth');
    const search = params.toString();
    void navigate({ pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash }, { replace: true });
    latest.current(code);
  }, [location, navigate]);
}
