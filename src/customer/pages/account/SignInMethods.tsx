import { useCallback, useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { isAxiosError } from 'axios';
import { fetchIdentities, fetchProviders, handOffOAuth, unlinkIdentity, type OAuthIdentities, type OAuthMessage, type OAuthProvider } from '../../api/oauth';
import { useHandoffCode, useOAuthWindow } from '../auth/useOAuthWindow';

function messageOf(error: unknown, fallback: string): string {
  const data = isAxiosError(error) ? (error.response?.data as { message?: unknown } | undefined) : undefined;
  return typeof data?.message === 'string' ? data.message : fallback;
}

/**
 * "Sign-in methods" on the profile page: the password (or its absence), the linked providers with
 * Unlink, and a Link button for each configured provider not linked yet (the same pop-up as sign-in).
 * Shown only when the site has providers or the account has some linked.
 */
export function SignInMethods() {
  const [providers, setProviders] = useState<OAuthProvider[]>([]);
  const [linked, setLinked] = useState<OAuthIdentities | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [unlinking, setUnlinking] = useState<string | null>(null);

  const reload = useCallback(async () => {
    try {
      setLinked(await fetchIdentities());
    } catch {
      setLinked(null);
    }
  }, []);

  const nameOf = (id: string) => providers.find((p) => p.id === id)?.name ?? id;
  const onLinked = async (message: OAuthMessage) => {
    if (!message.linked) return;
    await reload();
    setNotice(`${nameOf(message.linked)} is linked: you can sign in with it from now on.`);
  };
  const oauth = useOAuthWindow(onLinked);
  const { setProblem } = oauth;
  const onLinkedRef = useRef(onLinked);
  useEffect(() => {
    onLinkedRef.current = onLinked;
  });
  // Back from a full-page link (the pop-up was blocked): hand in the code for the result.
  useHandoffCode((code) => {
    void handOffOAuth(code).then((message) => {
      if (message.linked) void onLinkedRef.current(message);
      else setProblem(message.error ?? 'Linking did not work. Please try again.');
    });
  });

  useEffect(() => {
    let current = true;
    void fetchProviders().then((list) => current && setProviders(list));
    void reload();
    return () => {
      current = false;
    };
  }, [reload]);

  if (!linked || (providers.length === 0 && linked.identities.length === 0)) return null;

  const unlink = async (provider: string) => {
    setNotice(null);
    setProblem(null);
    setUnlinking(provider);
    try {
      setLinked(await unlinkIdentity(provider));
      setNotice(`${nameOf(provider)} is no longer linked to your account.`);
    } catch (error) {
      setProblem(messageOf(error, 'The provider could not be unlinked. Please try again.'));
    } finally {
      setUnlinking(null);
    }
  };

  const linkedIds = new Set(linked.identities.map((i) => i.provider));
  const linkable = providers.filter((p) => !linkedIds.has(p.id));

  return (
    <Paper component="section" aria-labelledby="sign-in-methods" variant="outlined" sx={{ maxWidth: 760, p: { xs: 2, sm: 3 }, mt: 3 }}>
      <Typography id="sign-in-methods" variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
        Sign-in methods
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {linked.has_password ? 'You can sign in with your e-mail address and password' : 'Your account has no password'}
        {linked.identities.length > 0 ? ', and with the services below.' : '.'}
      </Typography>
      <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {linked.identities.map((identity) => (
          <Stack
            component="li"
            key={identity.provider}
            direction="row"
            spacing={2}
            sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', rowGap: 1 }}
          >
            <div>
              <Typography variant="body1" sx={{ fontWeight: 500 }}>
                {identity.name}
              </Typography>
              {identity.email && (
                <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {identity.email}
                </Typography>
              )}
            </div>
            <Button
              variant="outlined"
              color="secondary"
              onClick={() => void unlink(identity.provider)}
              disabled={unlinking !== null}
              aria-label={`Unlink ${identity.name}`}
            >
              Unlink
            </Button>
          </Stack>
        ))}
      </Stack>
      {!linked.has_password && linked.identities.length === 1 && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          To unlink {linked.identities[0].name}, first set a password with &ldquo;Forgotten your password?&rdquo; on the sign-in page.
        </Typography>
      )}
      {linkable.length > 0 && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 2 }}>
          {linkable.map((provider) => (
            <Button key={provider.id} variant="outlined" onClick={() => void oauth.begin(provider, { link: true })} disabled={oauth.busy !== null}>
              Link {provider.name}
            </Button>
          ))}
        </Stack>
      )}
      {oauth.problem && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {oauth.problem}
        </Alert>
      )}
      {notice && (
        <Alert severity="success" sx={{ mt: 2 }} role="status">
          {notice}
        </Alert>
      )}
    </Paper>
  );
}
