import { useEffect, useRef, useState } from 'react';
import { fetchUser, saveToken } from '../../../shared/auth';
import { Alert } from '../../plain/Alert';
import { Button } from '../../plain/Button';
import { fetchProviders, readOAuthMessage, startOAuth, type OAuthProvider } from '../../api/oauth';

interface SocialSignInProps {
  /** The login form's "Remember me": the token cookie lasts 365 days with it. */
  remember: boolean;
  onSignedIn: () => Promise<void> | void;
}

const POPUP_FEATURES = 'popup,width=520,height=680';

/**
 * One button per configured provider (none when the server has none). The provider's page opens in
 * a pop-up; its result comes back as a postMessage from our own origin only.
 */
export function SocialSignIn({ remember, onSignedIn }: SocialSignInProps) {
  const [providers, setProviders] = useState<OAuthProvider[]>([]);
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const popup = useRef<Window | null>(null);
  // The latest props for the message listener, which is added once.
  const latest = useRef({ remember, onSignedIn });
  useEffect(() => {
    latest.current = { remember, onSignedIn };
  });

  useEffect(() => {
    let current = true;
    void fetchProviders().then((list) => current && setProviders(list));
    return () => {
      current = false;
    };
  }, []);

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const message = readOAuthMessage(event, popup.current);
      if (!message) return;
      popup.current = null;
      if (!message.token) {
        setBusy(null);
        setProblem(message.error ?? 'Signing in with that account did not work. Please try again.');
        return;
      }
      saveToken(message.token, latest.current.remember);
      void fetchUser().then(async (user) => {
        setBusy(null);
        if (user) await latest.current.onSignedIn();
        else setProblem('Signing in did not work. Please try again.');
      });
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);

  // Closing the window without finishing gives the buttons back.
  useEffect(() => {
    if (!busy) return;
    const timer = setInterval(() => {
      if (popup.current?.closed) setBusy(null);
    }, 500);
    return () => clearInterval(timer);
  }, [busy]);

  if (providers.length === 0) return null;

  const signInWith = async (provider: OAuthProvider) => {
    setProblem(null);
    // Opened now, while the click still counts as the user's: pop-up blockers allow that.
    const opened = window.open('', 'oauth-sign-in', POPUP_FEATURES);
    if (!opened) {
      setProblem('Your browser blocked the sign-in window. Allow pop-ups for this site and try again.');
      return;
    }
    popup.current = opened;
    setBusy(provider.id);
    try {
      opened.location.href = await startOAuth(provider.id);
    } catch {
      opened.close();
      popup.current = null;
      setBusy(null);
      setProblem(`Signing in with ${provider.name} is not available at the moment.`);
    }
  };

  return (
    <>
      <div className="pj-divider" role="separator">
        <span>or</span>
      </div>
      {problem && (
        <Alert severity="error" style={{ marginTop: 0 }}>
          {problem}
        </Alert>
      )}
      <div className="pj-stack">
        {providers.map((provider) => (
          <Button key={provider.id} variant="outlined" size="large" fullWidth disabled={busy !== null} onClick={() => void signInWith(provider)}>
            Continue with {provider.name}
          </Button>
        ))}
      </div>
    </>
  );
}
