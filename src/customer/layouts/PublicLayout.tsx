import { useAuth } from '../../shared/auth';
import { DefaultFrame } from './DefaultLayout';
import { MuiTheme } from './MuiTheme';
import { PlainFrame } from './PlainLayout';

/**
 * For pages anyone may read (terms, privacy, not found, unauthorized): the signed-in layout for a
 * signed-in user, the signed-out one (with a wider card) for everyone else. These pages use MUI,
 * so the theme is around both.
 */
export default function PublicLayout() {
  const { signedIn } = useAuth();
  return <MuiTheme>{signedIn ? <DefaultFrame /> : <PlainFrame wide />}</MuiTheme>;
}
