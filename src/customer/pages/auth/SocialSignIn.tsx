import { useEffect, useRef, useState } from 'react';
import { fetchUser, saveToken } from '../../../shared/auth';
import { Alert } from '../../mui-free/Alert';
import { Button } from '../../mui-free/Button';
import { fetchProviders, handOffOAuth, takePrefetchedProviders, type OAuthMessage, type OAuthProvider } from '../../api/oauth';
import { useHandoffCode, useOAuthWindow } from './useOAuthWindow';

interface SocialSignInProps {
  /** The login form's "Remember me": the token cookie lasts 365 days with it. */
  remember: boolean;
  onSignedIn: () => Promise<void> | void;
  /** Where the buttons sit against the form: after it (the divider first), or before it (the divider last). */
  placement?: 'after' | 'before';
}

/**
 * One button per configured provider (none when the server has none). The provider's page opens in
 * a pop-up; its result comes back as a postMessage from our own origin only. When the pop-up was
 * blocked the page itself went, and comes back with a one-time code for the result.
 */
export function SocialSignIn({ remember, onSignedIn, placement = 'after' }: SocialSignInProps) {
  // Asked for by the route's loader beside the page's code: usually here before the first render.
  const [prefetched] = useState(takePrefetchedProviders);
  const [providers, setProviders] = useState<OAuthProvider[]>(prefetched?.answer ?? []);
  const [handingOff, setHandingOff] = useState(false);
  const latest = useRef({ remember, onSignedIn });
  useEffect(() => {
    latest.current = { remember, onSignedIn };
  });

  const oauth = useOAuthWindow((message) => signIn(message));
  const { setProblem } = oauth;
  async function signIn(message: OAuthMessage): Promise<void> {
    if (!message.token) return;
    saveToken(message.token, message.remember ?? latest.current.remember);
    const user = await fetchUser();
    if (user) await latest.current.onSignedIn();
    else setProblem('Signing in did not work. Please try again.');
  }
  const signInRef = useRef(signIn);
  useEffect(() => {
    signInRef.current = signIn;
  });

  useEffect(() => {
    let current = true;
    // The request asked ahead (its answer may have come between the first render and now), else a new one.
    void (prefetched?.request ?? fetchProviders()).then((list) => current && setProviders(list));
    return () => {
      current = false;
    };
  }, [prefetched]);

  // Back from a full-page sign-in (the pop-up was blocked): hand in the code for the result.
  useHandoffCode((code) => {
    setHandingOff(true);
    void handOffOAuth(code).then(async (message) => {
      if (message.token) await signInRef.current(message);
      else setProblem(message.error ?? 'Signing in did not work. Please try again.');
      setHandingOff(false);
    });
  });

  if (providers.length === 0) return null;

  const divider = (
    <div className="pj-divider" role="separator">
      <span>or</span>
    </div>
  );
  return (
    <>
      {placement === 'after' && divider}
      {oauth.problem && (
        <Alert severity="error" style={{ marginTop: 0 }}>
          {oauth.problem}
        </Alert>
      )}
      <div className="pj-stack">
        {providers.map((provider) => (
          <Button
            key={provider.id}
            variant="outlined"
            size="large"
            fullWidth
            disabled={oauth.busy !== null || handingOff}
            onClick={() => void oauth.begin(provider, { remember: latest.current.remember })}
          >
            Continue with {provider.name}
          </Button>
        ))}
      </div>
      {placement === 'before' && divider}
    </>
  );
}
